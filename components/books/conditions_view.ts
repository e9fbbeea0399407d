/** The conditions dialog's data as bookConditionsGet (and every change) returns it. */
import type { ResponseOf } from "../api.ts";

export type BookConditionsView = ResponseOf<"GET /book_conditions/{bookId}">;
export type ConditionGroupView = BookConditionsView["data"][number];
export type ConditionGroupType = ConditionGroupView["type"];
export type ProgramRestrictionView = BookConditionsView["programs"][number];

/**
 * Runs a change (an API call answering with the new conditions) and shows its result; a refusal is thrown
 * back to the caller, which shows field errors in its form or the message in the error dialog.
 */
export type RunChange = (change: Promise<BookConditionsView>) => Promise<void>;

/** `equalCondition` or `antiCondition`: the permission group of a condition group type. */
export const permissionGroup = (type: ConditionGroupType) =>
  type === "condition" ? "equalCondition" : "antiCondition";

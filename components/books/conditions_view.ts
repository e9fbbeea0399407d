/** The conditions dialog's data as bookConditionsGet (and every change) returns it. */
export type ConditionGroupType = "condition" | "nonCondition";

export interface ConditionMember {
  bookId: number;
  name: string;
  nameEng: string;
  code: string;
}

export interface ConditionGroupView {
  id: number;
  type: ConditionGroupType;
  name: string;
  limit: number;
  conditions: ConditionMember[];
}

export interface ProgramRestrictionView {
  programId: number;
  name: string;
  nameEn: string;
  code: string;
}

export interface BookConditionsView {
  data: ConditionGroupView[];
  programs: ProgramRestrictionView[];
  gpaLimit: number | null;
  conditionStatus: 0 | 1;
}

/**
 * Runs a change (an API call answering with the new conditions) and shows its result; a refusal is thrown
 * back to the caller, which shows field errors in its form or the message in the error dialog.
 */
export type RunChange = (path: string, method: "POST" | "PUT" | "DELETE", body?: unknown) => Promise<void>;

/** `equalCondition` or `antiCondition`: the permission group of a condition group type. */
export const permissionGroup = (type: ConditionGroupType) =>
  type === "condition" ? "equalCondition" : "antiCondition";

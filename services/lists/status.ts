/** The list's status as every write checks it: a submitted list takes no points and no attendance. */
import type { ListRecord } from "./model.ts";
import { AppError } from "../../utils/errors.ts";

export const listSubmitted = () => new AppError(409, "list_submitted", "lists.errors.submitted");

export function assertOpen(list: Deno.KvEntryMaybe<ListRecord>): void {
  if (list.value?.status === "submitted") throw listSubmitted();
}

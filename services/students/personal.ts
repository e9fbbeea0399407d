/**
 * What of a student's personal data a viewer may see (services/identity/personal_data.ts): the registry's list,
 * the student's page, the API and the export all leave out the personal number, birth date and phone for
 * anyone without the field's key — except on the viewer's own record.
 */
import {
  type KeyHolder,
  type PersonalField,
  visiblePersonalFields,
  withoutHiddenPersonal,
} from "../identity/personal_data.ts";
import type { StudentHistoryEntry } from "./mod.ts";

/** The personal fields of `student` that `viewer` may see. */
export function studentFieldsSeenBy(
  keys: KeyHolder,
  viewer: { id: number; studentId?: number | null },
  student: { id: number; userId: number | null },
): ReadonlySet<PersonalField> {
  const own = student.userId === viewer.id || viewer.studentId === student.id;
  return visiblePersonalFields(keys, own);
}

/** The history with the hidden fields left out of each change (so old values do not leak either). */
export function historySeenWith(
  entries: StudentHistoryEntry[],
  visible: ReadonlySet<PersonalField>,
): StudentHistoryEntry[] {
  const strip = (v: unknown) => (v && typeof v === "object" ? withoutHiddenPersonal(v, visible) : v);
  return entries.map((e) =>
    e.subject === "student" ? { ...e, before: strip(e.before), after: strip(e.after) } : e
  );
}

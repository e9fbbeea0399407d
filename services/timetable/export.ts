/**
 * A semester's whole timetable as a spreadsheet (registrationGroupExport): one row per weekly lesson — day,
 * time, course, type, professor, room — by weekday and time, headers and names in the person's language.
 */
import { semesterName } from "../../utils/semester_name.ts";
import type { RegistrationGroup } from "../academic/model.ts";
import { listEntries } from "./entries.ts";
import { describe, namesOf } from "./view.ts";
import type { XlsxCell } from "../files/xlsx_export.ts";
import { toXlsxOffThread } from "../files/xlsx_off_thread.ts";
import { withExportSlot } from "../files/export_slots.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export const EXPORT_COLUMNS = ["day", "time", "course", "type", "professor", "auditorium"] as const;

/** Made for `userId`, within their export slot (export_slots.ts). */
export function exportGroupTimetable(
  userId: number,
  group: RegistrationGroup,
  t: Translate,
  lang: Lang,
): Promise<Uint8Array> {
  return withExportSlot(userId, () => build(group, t, lang));
}

async function build(group: RegistrationGroup, t: Translate, lang: Lang): Promise<Uint8Array> {
  // listEntries sorts by weekday, then start time.
  const entries = (await listEntries({ groupId: group.id })).map((r) => r.value);
  const names = await namesOf(entries);
  const toRow = (e: (typeof entries)[number]): XlsxCell[] => {
    const named = describe(e, names, lang);
    return [
      t(`timetableAdmin.weekday.${e.weekday}`),
      named.time,
      named.course,
      t(`timetableAdmin.type.${e.type}`),
      named.professor,
      named.auditorium,
    ];
  };
  const headers = EXPORT_COLUMNS.map((c) => t(`timetable.export.${c}`));
  return toXlsxOffThread(semesterName(group.seasonYear, t), headers, entries, toRow);
}

/**
 * The registrar's view of a section: its roster (enrolled students) and its waitlist in order, and the roster
 * as an .xlsx. Both read the index keys the decisions write beside the seat counter.
 */
import type { Program, Student } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { getManyRecords } from "../db/reads.ts";
import { bookName } from "../books/mod.ts";
import { listAllPrograms } from "../structure/mod.ts";
import { toXlsx, type XlsxCell } from "../files/xlsx_export.ts";
import { keys, registrationIdOf } from "./model.ts";
import { capacityOf, getSection, readSeatsAndSettings } from "./sections.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import type { PersonalField } from "../identity/personal_data.ts";

export interface RosterStudent {
  registrationId: string;
  studentId: number;
  name: string;
  /** Only for holders of menu.personalInfo.view.personalNumber (services/identity/personal_data.ts). */
  personalNumber?: string;
  program: string;
  admissionYear: number;
  /** Waitlist position (null on the roster). */
  position: number | null;
}

export interface Roster {
  sectionId: string;
  course: string;
  capacity: number;
  enrolled: RosterStudent[];
  waitlist: RosterStudent[];
}

export async function sectionRoster(
  sectionId: string,
  lang: Lang,
  personal: ReadonlySet<PersonalField> = new Set(),
): Promise<Roster> {
  const section = await getSection(sectionId);
  const enrolledIds: number[] = [];
  for await (const e of db().list({ prefix: keys.roster(section.id) })) enrolledIds.push(e.key[2] as number);
  const waiting: { studentId: number; position: number }[] = [];
  for await (const e of db().list<number>({ prefix: keys.waitlist(section.id) })) {
    waiting.push({ studentId: e.value, position: e.key[2] as number });
  }
  const [students, programs, [seats]] = await Promise.all([
    getManyRecords<Student>("students", [...enrolledIds, ...waiting.map((w) => w.studentId)]),
    listAllPrograms(),
    readSeatsAndSettings([section.id]),
  ]);
  const programName = new Map(
    programs.map((p: Program) => [p.id, lang === "en" ? p.nameEn || p.nameKa : p.nameKa]),
  );
  const row = (studentId: number, i: number, position: number | null): RosterStudent => {
    const s = students[i]?.value;
    return {
      registrationId: registrationIdOf(studentId, section.id),
      studentId,
      name: s
        ? (lang === "en" ? `${s.firstNameEn} ${s.lastNameEn}` : `${s.firstNameKa} ${s.lastNameKa}`)
        : `#${studentId}`,
      ...(personal.has("personalNumber") ? { personalNumber: s?.personalNumber ?? "" } : {}),
      program: s ? programName.get(s.programId) ?? "" : "",
      admissionYear: s?.admissionYear ?? 0,
      position,
    };
  };
  const enrolled = enrolledIds.map((id, i) => row(id, i, null)).sort((a, b) => a.name.localeCompare(b.name));
  return {
    sectionId: section.id,
    course: bookName(section.book, lang),
    capacity: capacityOf(section, seats.settings),
    enrolled,
    waitlist: waiting.map((w, i) => row(w.studentId, enrolledIds.length + i, w.position)),
  };
}

/** The roster as .xlsx; the personal number column only for those who may see it. */
export async function rosterXlsx(
  sectionId: string,
  lang: Lang,
  t: Translate,
  personal: ReadonlySet<PersonalField> = new Set(),
): Promise<Uint8Array> {
  const roster = await sectionRoster(sectionId, lang, personal);
  const K = "registration.roster";
  const withNumber = personal.has("personalNumber");
  const headers = [
    t(`${K}.studentId`),
    t(`${K}.name`),
    ...(withNumber ? [t(`${K}.personalNumber`)] : []),
    t(`${K}.program`),
    t(`${K}.admissionYear`),
    t(`${K}.status`),
  ];
  const row = (s: RosterStudent, status: string): XlsxCell[] => [
    s.studentId,
    s.name,
    ...(withNumber ? [s.personalNumber ?? ""] : []),
    s.program,
    s.admissionYear,
    status,
  ];
  const rows: XlsxCell[][] = [
    ...roster.enrolled.map((s) => row(s, t(`${K}.enrolled`))),
    ...roster.waitlist.map((s) => row(s, t(`${K}.waitlisted`, { position: s.position ?? 0 }))),
  ];
  return toXlsx(roster.course, headers, rows);
}

/**
 * The reports on a semester's sections, each read through the domain that owns it: the course lists of a
 * semester (lists/mine.ts: a professor sees their own, holders of the lists' `all` key every one), one course
 * list with its totals and grades (lists/sheet.ts, which refuses another professor's list), and one section's
 * roster and waitlist (registration/roster.ts).
 */
import { listMine } from "../lists/mine.ts";
import { loadSheet } from "../lists/sheet.ts";
import { LISTS_KEY } from "../lists/access.ts";
import { sectionRoster } from "../registration/roster.ts";
import { pageOf, type ReportDefinition, type ReportRow } from "./model.ts";

export interface CourseListFilter {
  /** The semester (registration group); the one running today when absent. */
  groupId?: number;
  text?: string;
}

export interface SectionFilter {
  sectionId: string;
}

/** Every row of a semester fits one page this size: the export asks for all of them. */
const ALL = 1_000_000;

export const courseListReport: ReportDefinition<CourseListFilter> = {
  id: "course_lists",
  permission: LISTS_KEY,
  columns: [
    { key: "code", kind: "text" },
    { key: "course", kind: "text" },
    { key: "credits", kind: "number" },
    { key: "professor", kind: "text" },
    { key: "students", kind: "number" },
    { key: "listStatus", kind: "text" },
    { key: "sectionId", kind: "section" },
  ],
  async run(filter, viewer, paging) {
    const found = await listMine(
      { groupId: filter.groupId, text: filter.text, page: paging?.page ?? 1, limit: paging?.limit ?? ALL },
      viewer.lists,
      viewer.lang,
    );
    const rows = found.data.map((r): ReportRow => ({
      code: r.code,
      course: r.course,
      credits: r.credits,
      professor: r.professor,
      students: r.students,
      listStatus: viewer.t(r.status === "submitted" ? "lists.statusSubmitted" : "lists.statusOpen"),
      sectionId: r.sectionId,
    }));
    return { rows, total: found.total };
  },
};

export const courseGradesReport: ReportDefinition<SectionFilter> = {
  id: "course_grades",
  permission: LISTS_KEY,
  columns: [
    { key: "course", kind: "text" },
    { key: "studentId", kind: "number" },
    { key: "name", kind: "text" },
    { key: "personalNumber", kind: "text", personal: "personalNumber" },
    { key: "total", kind: "number" },
    { key: "grade", kind: "text" },
    { key: "published", kind: "text" },
  ],
  async run(filter, viewer, paging) {
    const sheet = await loadSheet(filter.sectionId, viewer.lists, viewer.lang);
    const withNumber = viewer.personal.has("personalNumber");
    const course = `${sheet.course.code} ${sheet.course.name}`;
    const rows = sheet.students.map((s): ReportRow => ({
      course,
      studentId: s.studentId,
      name: s.name,
      ...(withNumber ? { personalNumber: s.personalNumber } : {}),
      total: s.total,
      grade: s.grade,
      published: s.published,
    }));
    return pageOf(rows, paging);
  },
};

export const rosterReport: ReportDefinition<SectionFilter> = {
  id: "rosters",
  permission: "menu.learningProcesses.registration.manage",
  columns: [
    { key: "course", kind: "text" },
    { key: "studentId", kind: "number" },
    { key: "name", kind: "text" },
    { key: "personalNumber", kind: "text", personal: "personalNumber" },
    { key: "program", kind: "text" },
    { key: "admissionYear", kind: "number" },
    { key: "registration", kind: "text" },
  ],
  async run(filter, viewer, paging) {
    const roster = await sectionRoster(filter.sectionId, viewer.lang, viewer.personal);
    const K = "registration.roster";
    const line = (s: (typeof roster.enrolled)[number], registration: string): ReportRow => ({
      course: roster.course,
      studentId: s.studentId,
      name: s.name,
      ...(s.personalNumber !== undefined ? { personalNumber: s.personalNumber } : {}),
      program: s.program,
      admissionYear: s.admissionYear,
      registration,
    });
    const rows = [
      ...roster.enrolled.map((s) => line(s, viewer.t(`${K}.enrolled`))),
      ...roster.waitlist.map((s) => line(s, viewer.t(`${K}.waitlisted`, { position: s.position ?? 0 }))),
    ];
    return pageOf(rows, paging);
  },
};

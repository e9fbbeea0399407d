/**
 * The students registry (API.md "Academic core": studentList, studentExport, studentGet, studentAdd,
 * studentEdit; and studentLog, studentQrLink).
 */
import { citizenshipOf } from "../../services/students/citizenship.ts";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  StoredStudent,
  StudentBody,
  StudentDetails,
  StudentEditBody,
  StudentExportQuery,
  StudentIdParam,
  StudentList,
  StudentListQuery,
  StudentLog,
  StudentQrLink,
} from "../../http/schemas/students.ts";
import type { Student } from "../../services/academic/model.ts";
import type { StoredRecord } from "../../services/db/records.ts";
import { exportStudents } from "../../services/students/export.ts";
import { historySeenWith, studentFieldsSeenBy } from "../../services/students/personal.ts";
import {
  keepHiddenPersonal,
  visiblePersonalFields,
  withoutHiddenPersonal,
} from "../../services/identity/personal_data.ts";
import { findStudents } from "../../services/students/list_index.ts";
import { listRow } from "../../services/students/structure.ts";
import {
  CARD_VALID_SECONDS,
  qrDataUrl,
  revokeStudentCard,
  signStudentCard,
  studentCardHref,
} from "../../services/students/qr.ts";
import {
  createStudent,
  getStudent,
  studentHistory,
  type StudentInput,
  studentProfile,
  STUDENTS,
  updateStudent,
} from "../../services/students/mod.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
/** The personal fields the caller may see of `student`. */
const seenBy = (c: Context, student: { id: number; userId: number | null }) => {
  const state = stateOf(c);
  return studentFieldsSeenBy(state.auth, state.identity!.user, student);
};
// A record from before citizenship was kept reads as Georgia (students/citizenship.ts), then is hidden or not.
const withCitizenship = (s: Student) => ({ ...s, citizenship: citizenshipOf(s) });

const stored = (c: Context, r: StoredRecord<Student>) => ({
  ...withoutHiddenPersonal(withCitizenship(r.value), seenBy(c, r.value)),
  versionstamp: r.versionstamp,
});
const VIEW = "menu.students";
const DEFAULT_LIMIT = 15;
const json = <S extends z.ZodType>(schema: S, description = "ok") => ({
  description,
  content: { "application/json": { schema } },
});

export const studentListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "studentList",
  permission: VIEW,
  summary: "Students, newest first, filtered by text (id, personal number, names), school, program, status " +
    "and admission year; one page of them with the total",
  request: { query: StudentListQuery },
  responses: { 200: json(StudentList) },
});

router.openapi(
  studentListRoute,
  async (c) => {
    const started = performance.now();
    const { page = 1, limit = DEFAULT_LIMIT, ...filter } = c.req.valid("query");
    const found = await findStudents(filter, { page, limit });
    const data = found.rows.map((row) =>
      withoutHiddenPersonal(listRow(row, found.structure), seenBy(c, row.student))
    );
    // The filter's own time, for benchmarks and the browser's network panel.
    c.header("server-timing", `filter;dur=${(performance.now() - started).toFixed(2)}`);
    return c.json({ data, total: found.total }, 200);
  },
);

export const studentExportRoute = apiRoute({
  method: "get",
  path: "/export",
  operationId: "studentExport",
  permission: `${VIEW}.export`,
  summary: "Every student the filter matches as an .xlsx download, headers in the request's language",
  request: { query: StudentExportQuery },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(
  studentExportRoute,
  async (c) => {
    const state = stateOf(c);
    const bytes = await exportStudents(
      state.identity!.user.id,
      c.req.valid("query"),
      state.t,
      state.lang,
      visiblePersonalFields(state.auth),
    );
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": xlsxDisposition("students"),
      "cache-control": "no-store",
    });
  },
);

export const studentGetRoute = apiRoute({
  method: "get",
  path: "/{id}",
  operationId: "studentGet",
  permission: VIEW,
  summary: "A student with program, school, transcript by semester, GPA and credits",
  request: { params: StudentIdParam },
  responses: { 200: json(StudentDetails) },
});

router.openapi(
  studentGetRoute,
  async (c) => {
    const profile = await studentProfile(c.req.valid("param").id, stateOf(c).lang);
    if (!profile) throw notFound(STUDENTS);
    const ref = (r: { id: number; code: string; nameKa: string; nameEn: string } | null) =>
      r && { id: r.id, code: r.code, nameKa: r.nameKa, nameEn: r.nameEn };
    return c.json({
      student: {
        ...withoutHiddenPersonal(withCitizenship(profile.student), seenBy(c, profile.student)),
        versionstamp: profile.versionstamp,
      },
      program: ref(profile.program),
      school: ref(profile.school),
      semesters: profile.semesters.map((s) => ({
        groupId: s.groupId,
        seasonYear: s.seasonYear,
        gpa: s.gpa,
        credits: s.credits,
        earned: s.earned,
        entries: s.entries.map((e) => ({
          id: e.id,
          bookId: e.bookId,
          courseCode: e.courseCode,
          courseName: e.courseName,
          points: e.points,
          grade: e.grade,
          credits: e.credits,
        })),
      })),
      gpa: profile.gpa,
      credits: profile.credits,
      earned: profile.earned,
    }, 200);
  },
);

export const studentAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "studentAdd",
  permission: `${VIEW}.add`,
  summary: "Registers a student; the personal number (11 digits) is unique, the program must exist",
  request: { body: { required: true, content: { "application/json": { schema: StudentBody } } } },
  responses: { 201: json(StoredStudent, "created") },
});

router.openapi(
  studentAddRoute,
  // Missing numbers reach the service, which reports them with the other fields (StudentInput's rules).
  async (c) => c.json(stored(c, await createStudent(c.req.valid("json") as StudentInput, actorOf(c))), 201),
);

export const studentEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "studentEdit",
  permission: `${VIEW}.edit`,
  summary: "Replaces a student's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: StudentIdParam,
    body: { required: true, content: { "application/json": { schema: StudentEditBody } } },
  },
  responses: { 200: json(StoredStudent, "saved") },
});

router.openapi(
  studentEditRoute,
  async (c) => {
    const { versionstamp, ...sent } = c.req.valid("json");
    const id = c.req.valid("param").id;
    const current = await getStudent(id);
    if (!current) throw notFound(STUDENTS);
    // Fields the editor cannot see keep their stored values (the versionstamp check covers a change since).
    const input = keepHiddenPersonal(
      sent as StudentInput,
      current.value as StudentInput,
      seenBy(c, current.value),
    );
    const saved = await updateStudent(id, input, actorOf(c), versionstamp);
    return c.json(stored(c, saved), 200);
  },
);

export const studentLogRoute = apiRoute({
  method: "get",
  path: "/{id}/log",
  operationId: "studentLog",
  permission: VIEW,
  summary: "The student's change history and transcript additions, newest first",
  request: { params: StudentIdParam },
  responses: { 200: json(StudentLog) },
});

router.openapi(
  studentLogRoute,
  async (c) => {
    const id = c.req.valid("param").id;
    const [all, student] = await Promise.all([studentHistory(id, stateOf(c).lang), getStudent(id)]);
    const entries = historySeenWith(all, seenBy(c, student?.value ?? { id, userId: null }));
    return c.json({ data: entries.map(({ id: _id, ...entry }) => entry) }, 200);
  },
);

export const studentQrLinkRoute = apiRoute({
  method: "post",
  path: "/{id}/qr",
  operationId: "studentQrLink",
  permission: VIEW,
  summary: "A signed link (valid one year) to the student's public card, with its QR code",
  request: { params: StudentIdParam },
  responses: { 200: json(StudentQrLink) },
});

router.openapi(
  studentQrLinkRoute,
  async (c) => {
    const { id } = c.req.valid("param");
    if (!(await getStudent(id))) throw notFound(STUDENTS);
    const now = Math.floor(Date.now() / 1000);
    const href = studentCardHref(new URL(c.req.url).origin, await signStudentCard(id, now));
    return c.json({
      href,
      qrImage: qrDataUrl(href),
      expiresAt: new Date((now + CARD_VALID_SECONDS) * 1000).toISOString(),
    }, 200);
  },
);

export const studentQrRevokeRoute = apiRoute({
  method: "delete",
  path: "/{id}/qr",
  operationId: "studentQrRevoke",
  permission: VIEW,
  summary: "Revokes the student's QR card: its link shows nothing from now on (a new card does too)",
  request: { params: StudentIdParam },
  responses: { 200: json(z.object({ revoked: z.boolean() })) },
});

router.openapi(
  studentQrRevokeRoute,
  async (c) => {
    const { id } = c.req.valid("param");
    if (!(await getStudent(id))) throw notFound(STUDENTS);
    return c.json({ revoked: await revokeStudentCard(id) }, 200);
  },
);

export default router;

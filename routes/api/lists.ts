/**
 * Course lists (API.md: listMine, listGet, listPointsSet, attendanceSet, listSubmit, listUnlock, listExport),
 * and a course's absence limit (absenceLimitGet, absenceLimitSet: its own key).
 * A professor reads and writes the lists of the sections they teach (403 for another's); staff with the
 * lists' `all` key read every list; the registrar's `unlock` key reopens a submitted one.
 */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  AbsenceLimit,
  AbsenceLimitBody,
  AbsenceLimitParam,
  AttendanceBody,
  AttendanceDay,
  ImportQuery,
  ImportReport,
  ListMineQuery,
  ListPage,
  ListSectionParam,
  ListState,
  PointsBody,
  SavedCell,
  Sheet,
  SubmitResult,
  UnlockBody,
} from "../../http/schemas/lists.ts";
import { listActor, stateOf } from "../../http/list_actor.ts";
import { LISTS_KEY, LISTS_UNLOCK_KEY } from "../../services/lists/access.ts";
import { setAttendance } from "../../services/lists/attendance.ts";
import { setPoints } from "../../services/lists/cells.ts";
import { listXlsx } from "../../services/lists/export.ts";
import { listMine } from "../../services/lists/mine.ts";
import { loadSheet } from "../../services/lists/sheet.ts";
import { submitList, unlockList } from "../../services/lists/submit.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import { importPoints } from "../../services/lists/import.ts";
import { ABSENCE_LIMIT_KEY, getAbsenceLimit, setAbsenceLimit } from "../../services/lists/absence_limit.ts";
import { AppError, type FieldError } from "../../utils/errors.ts";

const router = createRouter();
const json = <S extends z.ZodType>(schema: S) => ({ content: { "application/json": { schema } } });

export const listMineRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "listMine",
  permission: LISTS_KEY,
  summary: "The signed-in professor's sections in a semester with student counts and each list's status; " +
    "staff with `menu.learningProcesses.lists.all` see every section (text, professor, school and program filters)",
  request: { query: ListMineQuery },
  responses: { 200: { description: "ok", ...json(ListPage) } },
});

router.openapi(listMineRoute, async (c) => {
  const { groupId, text, professorHrId, schoolId, programId, page, limit } = c.req.valid("query");
  return c.json(
    await listMine(
      { groupId, text, professorHrId, schoolId, programId, page, limit },
      listActor(c),
      stateOf(c).lang,
    ),
    200,
  );
});

export const listGetRoute = apiRoute({
  method: "get",
  path: "/{sectionId}",
  operationId: "listGet",
  permission: LISTS_KEY,
  // Another professor's section.
  errors: [403],
  summary: "A section's list: students × components with points and versionstamps, totals, grades, " +
    "attendance summary, lesson dates and `status` (open, submitted)",
  request: { params: ListSectionParam },
  responses: { 200: { description: "ok", ...json(Sheet) } },
});

router.openapi(listGetRoute, async (c) => {
  return c.json(await loadSheet(c.req.valid("param").sectionId, listActor(c), stateOf(c).lang), 200);
});

export const listPointsSetRoute = apiRoute({
  method: "put",
  path: "/{sectionId}/points",
  operationId: "listPointsSet",
  permission: LISTS_KEY,
  // Another professor's section; a stale cell (`stale_cell`) or a submitted list (`list_submitted`).
  errors: [403, 409],
  summary: "Saves one cell (a student's points in a component) checked against the versionstamp it was " +
    "shown at: a stale one answers 409 `stale_cell` naming the value there now",
  request: { params: ListSectionParam, body: { required: true, ...json(PointsBody) } },
  responses: { 200: { description: "saved", ...json(SavedCell) } },
});

router.openapi(listPointsSetRoute, async (c) => {
  const body = c.req.valid("json");
  return c.json(await setPoints({ ...body, sectionId: c.req.valid("param").sectionId }, listActor(c)), 200);
});

export const attendanceSetRoute = apiRoute({
  method: "put",
  path: "/{sectionId}/attendance",
  operationId: "attendanceSet",
  permission: LISTS_KEY,
  errors: [403, 409],
  summary: "Marks one student present, absent or late on one lesson date (null clears the mark)",
  request: { params: ListSectionParam, body: { required: true, ...json(AttendanceBody) } },
  responses: { 200: { description: "the date's marks", ...json(AttendanceDay) } },
});

router.openapi(attendanceSetRoute, async (c) => {
  const body = c.req.valid("json");
  return c.json(
    await setAttendance({ ...body, sectionId: c.req.valid("param").sectionId }, listActor(c)),
    200,
  );
});

export const listSubmitRoute = apiRoute({
  method: "post",
  path: "/{sectionId}/submit",
  operationId: "listSubmit",
  permission: LISTS_KEY,
  errors: [403, 409],
  summary: "Locks the list and publishes each student's grade to their transcript, with their GPA, in one " +
    "atomic per student; submitting a list left half-published finishes it; a submitted list answers 409",
  request: { params: ListSectionParam },
  responses: { 200: { description: "submitted", ...json(SubmitResult) } },
});

router.openapi(listSubmitRoute, async (c) => {
  return c.json(await submitList(c.req.valid("param").sectionId, listActor(c)), 200);
});

export const listUnlockRoute = apiRoute({
  method: "post",
  path: "/{sectionId}/unlock",
  operationId: "listUnlock",
  permission: LISTS_UNLOCK_KEY,
  errors: [409],
  summary:
    "The registrar reopens a submitted list with a reason (audited); its published grades stay until " +
    "the next submit replaces them",
  request: { params: ListSectionParam, body: { required: true, ...json(UnlockBody) } },
  responses: { 200: { description: "reopened", ...json(ListState) } },
});

router.openapi(listUnlockRoute, async (c) => {
  const record = await unlockList(
    c.req.valid("param").sectionId,
    c.req.valid("json").reason,
    stateOf(c).identity!.user.id,
  );
  return c.json(
    {
      sectionId: record.sectionId,
      status: record.status,
      round: record.round,
      unlockReason: record.unlockReason,
    },
    200,
  );
});

export const listExportRoute = apiRoute({
  method: "get",
  path: "/{sectionId}/export",
  operationId: "listExport",
  permission: LISTS_KEY,
  errors: [403],
  summary: "The list as .xlsx: a row per student with points per component, total, grade and absences",
  request: { params: ListSectionParam },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(listExportRoute, async (c) => {
  const state = stateOf(c);
  const { sectionId } = c.req.valid("param");
  const bytes = await listXlsx(sectionId, listActor(c), state.lang, state.t);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": XLSX_CONTENT_TYPE,
    "content-disposition": xlsxDisposition(`list-${sectionId}`),
    "cache-control": "no-store",
  });
});

export const listImportRoute = apiRoute({
  method: "post",
  path: "/{sectionId}/import",
  operationId: "listImport",
  permission: LISTS_KEY,
  errors: [403, 409],
  summary: "Points from an .xlsx laid out as listExport writes it (raw bytes, ≤ 1 MiB): with `dryRun` (the " +
    "default) a report per row of what would change and what is wrong, nothing written; without, the changes " +
    "are saved, only when no row is wrong",
  request: {
    params: ListSectionParam,
    query: ImportQuery,
    body: {
      required: true,
      // Raw bytes: the one binary type writes may carry (framework/middleware/csrf.ts).
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
  responses: { 200: { description: "the report", ...json(ImportReport) } },
});

router.openapi(listImportRoute, async (c) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/octet-stream") {
    throw new AppError(415, "unsupported_media_type", "lists.import.type");
  }
  const state = stateOf(c);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const report = await importPoints(
    c.req.valid("param").sectionId,
    bytes,
    c.req.valid("query").dryRun === "true",
    listActor(c),
  );
  const say = (e: FieldError) =>
    state.t(e.key, {
      ...e.params,
      ...(e.params?.problem ? { problem: state.t(String(e.params.problem), e.params) } : {}),
      ...(state.lang === "en" && e.params?.componentEn ? { component: e.params.componentEn } : {}),
    });
  return c.json({ ...report, rows: report.rows.map((r) => ({ ...r, errors: r.errors.map(say) })) }, 200);
});

export const absenceLimitGetRoute = apiRoute({
  method: "get",
  path: "/absence_limits/{bookId}",
  operationId: "absenceLimitGet",
  permission: LISTS_KEY,
  summary:
    "A course's absence limit: the share of lessons past which a list's attendance warns (default 30 %)",
  request: { params: AbsenceLimitParam },
  responses: { 200: { description: "ok", ...json(AbsenceLimit) } },
});

router.openapi(absenceLimitGetRoute, async (c) => {
  return c.json(await getAbsenceLimit(c.req.valid("param").bookId), 200);
});

export const absenceLimitSetRoute = apiRoute({
  method: "put",
  path: "/absence_limits/{bookId}",
  operationId: "absenceLimitSet",
  permission: ABSENCE_LIMIT_KEY,
  summary: "Sets a course's absence limit (a whole percent, 0–100) for all its lists; audited. The version " +
    "read is required: a limit changed meanwhile answers 409",
  request: { params: AbsenceLimitParam, body: { required: true, ...json(AbsenceLimitBody) } },
  responses: { 200: { description: "set", ...json(AbsenceLimit) } },
});

router.openapi(absenceLimitSetRoute, async (c) => {
  return c.json(
    await setAbsenceLimit(c.req.valid("param").bookId, c.req.valid("json"), stateOf(c).identity!.user.id),
    200,
  );
});

export default router;

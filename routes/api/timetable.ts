/**
 * The weekly timetable (API.md "Timetable"): professorTimetable answers the lessons of the displayed days
 * (SPEC §3 shape); registrationGroupExport downloads a semester's whole timetable. Whose lessons one may read:
 * see services/timetable/view.ts (own only, any with menu.table.all).
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import { TimetableAnswer, TimetableQuery } from "../../http/schemas/timetable_view.ts";
import { getGroup } from "../../services/academic/semesters.ts";
import { exportGroupTimetable } from "../../services/timetable/export.ts";
import { apiEntry, lessonsOn, resolveScope } from "../../services/timetable/view.ts";
import { scopeView } from "../../services/timetable/scope_view.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import { invalid, notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";
import { isIsoDate } from "../../services/academic/semesters.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;

export const professorTimetableRoute = apiRoute({
  method: "post",
  path: "/professor",
  operationId: "professorTimetable",
  permission: "menu.table",
  summary:
    "The lessons on the displayed days of a semester: one's own, or (menu.table.all) any professor's, " +
    "room's or program's; another's without that key → 403",
  request: { body: { required: true, content: { "application/json": { schema: TimetableQuery } } } },
  responses: {
    200: { description: "ok", content: { "application/json": { schema: TimetableAnswer } } },
  },
});

router.openapi(
  professorTimetableRoute,
  async (c) => {
    const state = stateOf(c);
    const { dates, groupId, ...request } = c.req.valid("json");
    const bad = dates.findIndex((d) => !isIsoDate(d));
    if (bad >= 0) throw invalid({ [`dates.${bad}`]: { key: "errors.invalidDate" } });
    const { user, permissions } = state.identity!;
    const scope = await resolveScope({ user, canAll: permissions.has("menu.table.all") }, request);
    const group = await getGroup(groupId);
    if (!group) throw invalid({ groupId: { key: "errors.unknownGroup" } });
    const now = new Date();
    const view = scope ? await scopeView(scope, group.id) : null;
    const lessons = view
      ? await lessonsOn(view.entries, group.value, dates, state.lang, now, view.names)
      : [];
    return c.json({ result: "yes" as const, time: now.toISOString(), data: lessons.map(apiEntry) }, 200);
  },
);

export const registrationGroupExportRoute = apiRoute({
  method: "get",
  path: "/{id}/export",
  operationId: "registrationGroupExport",
  permission: "menu.table.export",
  summary: "A semester's whole timetable as .xlsx: one row per lesson (day, time, course, type, professor, " +
    "room), headers in the request's language",
  request: { params: IdParam },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(
  registrationGroupExportRoute,
  async (c) => {
    const state = stateOf(c);
    const group = await getGroup(c.req.valid("param").id);
    if (!group) throw notFound("registration_groups");
    const bytes = await exportGroupTimetable(state.identity!.user.id, group.value, state.t, state.lang);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": xlsxDisposition(`timetable-${group.id}`),
      "cache-control": "no-store",
    });
  },
);

export default router;

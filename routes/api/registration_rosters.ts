/** A section's roster and waitlist, and the roster as .xlsx (API.md: registrationRoster, registrationRosterExport). */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Roster, SectionParam } from "../../http/schemas/registration.ts";
import { REGISTRATION, REGISTRATION_MANAGE, stateOf } from "../../http/registration_actor.ts";
import { rosterXlsx, sectionRoster } from "../../services/registration/roster.ts";
import { visiblePersonalFields } from "../../services/identity/personal_data.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";

const router = createRouter();

export const registrationRosterRoute = apiRoute({
  method: "get",
  path: "/{sectionId}",
  operationId: "registrationRoster",
  permission: REGISTRATION_MANAGE,
  summary: "A section's enrolled students (by name) and its waitlist (by position)",
  request: { params: SectionParam },
  responses: { 200: { description: "ok", content: { "application/json": { schema: Roster } } } },
});

router.openapi(
  registrationRosterRoute,
  async (c) => {
    const state = stateOf(c);
    const personal = visiblePersonalFields(state.auth);
    return c.json(await sectionRoster(c.req.valid("param").sectionId, state.lang, personal), 200);
  },
);

export const registrationRosterExportRoute = apiRoute({
  method: "get",
  path: "/{sectionId}/export",
  operationId: "registrationRosterExport",
  permission: `${REGISTRATION}.export`,
  summary: "A section's roster and waitlist as .xlsx, headers in the request's language",
  request: { params: SectionParam },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(
  registrationRosterExportRoute,
  async (c) => {
    const state = stateOf(c);
    const { sectionId } = c.req.valid("param");
    const bytes = await rosterXlsx(sectionId, state.lang, state.t, visiblePersonalFields(state.auth));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": xlsxDisposition(`roster-${sectionId}`),
      "cache-control": "no-store",
    });
  },
);

export default router;

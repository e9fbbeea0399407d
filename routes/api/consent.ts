/**
 * Personal-data consent (API.md "Identity and shell": consentSet; "Administration": consentList,
 * consentExport). consentStatus lets the shell's dialog ask when the page did not know yet.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { clientInfo, remoteAddrOf } from "../../http/session_cookie.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  ConsentExportQuery,
  ConsentList,
  ConsentListQuery,
  ConsentSetBody,
  ConsentStatus,
} from "../../http/schemas/consent.ts";
import type { Identity } from "../../services/identity/auth.ts";
import {
  CONSENT_POLICY_VERSION,
  type ConsentDecision,
  consentState,
  decide,
  listDecisions,
} from "../../services/notifications/consent.ts";
import { getManyRecords } from "../../services/db/reads.ts";
import type { User } from "../../services/identity/users.ts";
import { toXlsx, XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const PERMISSION = "menu.notifications.consents";
const stateOf = (c: Context) => c.get("state") as AppState;
const identityOf = (c: Context) => stateOf(c).identity as Identity;
const EXPORT_MAX = 100_000;

const view = ({ sid: _sid, ...rest }: ConsentDecision) => rest;

export const consentStatusRoute = apiRoute({
  method: "get",
  path: "/status",
  operationId: "consentStatus",
  permission: "session",
  summary: "Whether the signed-in person must still answer the current policy version in this session",
  responses: {
    200: { description: "ok", content: { "application/json": { schema: ConsentStatus } } },
  },
});

router.openapi(
  consentStatusRoute,
  async (c) => {
    const { user, session } = identityOf(c);
    return c.json({ version: CONSENT_POLICY_VERSION, state: await consentState(user.id, session.sid) }, 200);
  },
);

export const consentSetRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "consentSet",
  permission: "session",
  summary: "Agree or refuse the current policy; agreeing may need an SMS code (422 sms_required sends one)",
  errors: [429],
  request: { body: { content: { "application/json": { schema: ConsentSetBody } }, required: true } },
  responses: {
    200: { description: "recorded", content: { "application/json": { schema: Ok } } },
  },
});

router.openapi(
  consentSetRoute,
  async (c) => {
    const state = stateOf(c);
    const { user, session } = identityOf(c);
    const { agreed, code } = c.req.valid("json");
    await decide({
      user,
      sid: session.sid,
      agreed: agreed === 1,
      code,
      ip: clientInfo(c.req.raw, remoteAddrOf(c)).ip,
      smsText: state.t("consent.smsText", { code: "{code}" }),
    });
    return c.json({ result: "yes" as const }, 200);
  },
);

const agreedOf = (value: "yes" | "no" | undefined) => value === undefined ? undefined : value === "yes";

export const consentListRoute = apiRoute({
  method: "get",
  path: "/decisions",
  operationId: "consentList",
  permission: PERMISSION,
  summary: "Consent decisions on a policy version (default: the current one), by user id",
  request: { query: ConsentListQuery },
  responses: {
    200: { description: "ok", content: { "application/json": { schema: ConsentList } } },
  },
});

router.openapi(
  consentListRoute,
  async (c) => {
    const query = c.req.valid("query");
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const { data, total } = await listDecisions({
      version: query.version,
      agreed: agreedOf(query.agreed),
      page,
      limit,
    });
    return c.json({ data: data.map(view), total, page, limit }, 200);
  },
);

export const consentExportRoute = apiRoute({
  method: "get",
  path: "/export",
  operationId: "consentExport",
  permission: PERMISSION,
  summary: "The decisions the filter matches as an .xlsx download, headers in the request's language",
  request: { query: ConsentExportQuery },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(
  consentExportRoute,
  async (c) => {
    const { t, lang } = stateOf(c);
    const query = c.req.valid("query");
    const { data } = await listDecisions({
      version: query.version,
      agreed: agreedOf(query.agreed),
      page: 1,
      limit: EXPORT_MAX,
    });
    const users = await getManyRecords<User>("users", data.map((d) => d.userId));
    const rows = data.map((d, i) => {
      const user = users[i]?.value;
      return [
        d.userId,
        user ? (lang === "en" ? user.nameEn : user.name) : "",
        user?.email ?? "",
        d.version,
        t(d.agreed ? "consent.list.agreed" : "consent.list.refused"),
        d.method === "sms" ? "SMS" : t("consent.list.plain"),
        d.at,
        d.ip,
      ];
    });
    const headers = ["id", "name", "email", "version", "decision", "method", "at", "ip"]
      .map((h) => t(`consent.list.columns.${h}`));
    const bytes = toXlsx(t("consent.list.sheet"), headers, rows);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": xlsxDisposition("consents"),
      "cache-control": "no-store",
    });
  },
);

export default router;

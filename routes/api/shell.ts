/**
 * The shell's remaining live parts (API.md "Identity and shell"): the Zoom online checkbox, the observing
 * checkbox, the professor statement and the poll alert. All concern the caller only.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import { WaitingPoll, ZoomStatus } from "../../http/schemas/shell_live.ts";
import { clientInfo, remoteAddrOf } from "../../http/session_cookie.ts";
import type { Identity } from "../../services/identity/auth.ts";
import { setObservingStart } from "../../services/shell/observing.ts";
import { pollsWaitingFor } from "../../services/shell/polls.ts";
import { pollsWaiting } from "../../services/polls/answers.ts";
import { acceptStatement, statementChecked } from "../../services/shell/professor_statements.ts";
import { setZoomStatus, zoomStatusOf } from "../../services/shell/zoom_status.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const identityOf = (c: Context) => stateOf(c).identity as Identity;
const json = <S extends z.ZodType>(schema: S) => ({
  200: { description: "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

export const zoomStatusGetRoute = apiRoute({
  method: "get",
  path: "/zoom",
  operationId: "zoomStatusGet",
  permission: "session",
  summary: "Whether the caller has a Zoom link (`result`: yes for academic staff) and is online (`status`)",
  responses: json(ZoomStatus),
});

router.openapi(
  zoomStatusGetRoute,
  async (c) => c.json(await zoomStatusOf(identityOf(c).user), 200),
);

export const zoomStatusUpdateRoute = apiRoute({
  method: "put",
  path: "/zoom",
  operationId: "zoomStatusUpdate",
  errors: [409],
  permission: "session",
  summary: "Sets the caller's Zoom online status (academic staff only; others get 409 not_academic)",
  request: body(z.strictObject({ isOnline: z.boolean() })),
  responses: json(Ok),
});

router.openapi(
  zoomStatusUpdateRoute,
  async (c) => {
    await setZoomStatus(identityOf(c).user, c.req.valid("json").isOnline);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const observingStartSetRoute = apiRoute({
  method: "put",
  path: "/observing",
  operationId: "observingStartSet",
  errors: [409],
  permission: "session",
  summary:
    "Starts or stops observing (observers only: holders of `menu.observerPanel`; others get 409 not_observer)",
  request: body(z.strictObject({ status: z.boolean() })),
  responses: json(Ok),
});

router.openapi(
  observingStartSetRoute,
  async (c) => {
    const { auth } = stateOf(c);
    await setObservingStart(identityOf(c).user.id, auth.can, c.req.valid("json").status);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const professorStatementCheckRoute = apiRoute({
  method: "get",
  path: "/professor-statement",
  operationId: "professorStatementCheck",
  permission: "session",
  summary: "Whether the caller has confirmed the current professor statement (true for non-professors)",
  responses: json(z.object({ isChecked: z.boolean() })),
});

router.openapi(
  professorStatementCheckRoute,
  async (c) => c.json({ isChecked: await statementChecked(identityOf(c).user) }, 200),
);

export const professorStatementAcceptRoute = apiRoute({
  method: "post",
  path: "/professor-statement",
  operationId: "professorStatementAccept",
  errors: [409],
  permission: "session",
  summary:
    "Confirms the current professor statement (academic staff only, others get 409 not_academic); audited",
  responses: json(Ok),
});

router.openapi(
  professorStatementAcceptRoute,
  async (c) => {
    await acceptStatement(identityOf(c).user, clientInfo(c.req.raw, remoteAddrOf(c)).ip);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const pollAlertCheckRoute = apiRoute({
  method: "get",
  path: "/polls/waiting",
  operationId: "pollAlertCheck",
  permission: "session",
  summary: "Open polls for the caller that they have not answered (the poll alert; checked once a minute)",
  responses: json(z.object({ data: z.array(WaitingPoll), total: z.number().int() })),
});

router.openapi(
  pollAlertCheckRoute,
  async (c) => {
    const { identity, lang } = stateOf(c);
    const [polls, built] = await Promise.all([pollsWaitingFor(identity!.user), pollsWaiting(identity!.user)]);
    const data = [
      ...polls,
      ...built.map((p) => ({ ...p, link: `/poll-response?poll=${p.id}` })),
    ].map((p) => ({
      id: p.id,
      title: lang === "en" ? p.titleEn : p.title,
      link: p.link,
      closesAt: p.closesAt,
    }));
    return c.json({ data, total: data.length }, 200);
  },
);

export default router;

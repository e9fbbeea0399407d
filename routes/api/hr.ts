/**
 * Academic and administrative personnel (API.md "Academic core": hrList, hrGet, hrAdd, hrEdit).
 *
 * hrGet is declared for any signed-in person (`session`) because everyone may read their OWN record (the user
 * menu's profile); the handler then requires `menu.hr` for anybody else's. A record the person may not read
 * is answered exactly like a missing one (404), so ids cannot be probed.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { HrBody, HrEditBody, HrList, HrListQuery, HrPerson } from "../../http/schemas/hr.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import {
  createHr,
  getHr,
  HR,
  hrAsSeenBy,
  type HrRecord,
  isOwnHrRecord,
  listHr,
  updateHr,
} from "../../services/hr/mod.ts";
import { keepHiddenPersonal, visiblePersonalFields } from "../../services/identity/personal_data.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
/** A record as the caller may see it (personal fields only with their keys or on one's own record). */
const view = (c: Context, r: HrRecord) => {
  const state = stateOf(c);
  const seen = hrAsSeenBy(r, { user: state.identity!.user, keys: state.auth });
  return { ...seen.value, versionstamp: r.versionstamp };
};

export const hrListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "hrList",
  permission: "menu.hr",
  summary:
    "Personnel filtered by kind, text (names in both scripts, email, position) and school; one page. " +
    "The phone only with menu.personalInfo.view.phone (and on one's own record)",
  request: { query: HrListQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: HrList } } } },
});

router.openapi(
  hrListRoute,
  async (c) => {
    const { items, total } = await listHr({ ...c.req.valid("query"), lang: stateOf(c).lang });
    return c.json({ data: items.map((r) => view(c, r)), total }, 200);
  },
);

export const hrGetRoute = apiRoute({
  method: "get",
  path: "/{id}",
  operationId: "hrGet",
  permission: "session",
  summary: "One HR record: with menu.hr anyone's, without it only the person's own (others → 404)",
  request: { params: IdParam },
  responses: { 200: { description: "ok", content: { "application/json": { schema: HrPerson } } } },
});

router.openapi(
  hrGetRoute,
  async (c) => {
    const state = stateOf(c);
    const record = await getHr(c.req.valid("param").id);
    if (!record || !(state.auth.can("menu.hr") || isOwnHrRecord(state.identity!.user, record.value))) {
      throw notFound(HR);
    }
    return c.json(view(c, record), 200);
  },
);

export const hrAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "hrAdd",
  permission: "menu.hr.add",
  summary: "Creates an HR record; the email is unique regardless of case",
  request: { body: { required: true, content: { "application/json": { schema: HrBody } } } },
  responses: { 201: { description: "created", content: { "application/json": { schema: HrPerson } } } },
});

router.openapi(
  hrAddRoute,
  async (c) => c.json(view(c, await createHr(c.req.valid("json"), actorOf(c))), 201),
);

export const hrEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "hrEdit",
  permission: "menu.hr.edit",
  summary:
    "Replaces an HR record's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: IdParam,
    body: { required: true, content: { "application/json": { schema: HrEditBody } } },
  },
  responses: { 200: { description: "saved", content: { "application/json": { schema: HrPerson } } } },
});

router.openapi(
  hrEditRoute,
  async (c) => {
    const { versionstamp, ...sent } = c.req.valid("json");
    const id = c.req.valid("param").id;
    const state = stateOf(c);
    const current = await getHr(id);
    if (!current) throw notFound(HR);
    // Fields the editor cannot see keep their stored values (the versionstamp check covers a change since).
    const visible = visiblePersonalFields(state.auth, isOwnHrRecord(state.identity!.user, current.value));
    const input = keepHiddenPersonal({ ...sent, phone: sent.phone ?? "" }, current.value, visible);
    return c.json(view(c, await updateHr(id, input, actorOf(c), versionstamp)), 200);
  },
);

export default router;

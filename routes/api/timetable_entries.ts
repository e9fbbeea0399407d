/**
 * Timetable entries (API.md "Academic core": timetableEntryList, timetableEntryAdd, timetableEntryEdit,
 * timetableEntryRemove). An overlap with another lesson of the professor or the room → 409 `clash`, whose
 * message names that lesson in the request's language.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  Entry,
  EntryBody,
  EntryEditBody,
  EntryList,
  EntryListQuery,
  IdParam,
  RemoveQuery,
} from "../../http/schemas/timetable.ts";
import {
  createEntry,
  type EntryRecord,
  listEntries,
  removeEntry,
  updateEntry,
} from "../../services/timetable/entries.ts";
import { checkEntryFilter } from "../../services/timetable/view.ts";
import { invalid } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const view = (r: EntryRecord) => ({ ...r.value, versionstamp: r.versionstamp });

export const timetableEntryListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "timetableEntryList",
  permission: "menu.table",
  summary: "Lessons of a semester, a professor or a room (at least one filter), by weekday and time",
  request: { query: EntryListQuery },
  responses: {
    200: {
      description: "ok",
      content: { "application/json": { schema: EntryList } },
    },
  },
});

router.openapi(
  timetableEntryListRoute,
  async (c) => {
    const filter = c.req.valid("query");
    // A whole university's timetable in one answer would be unbounded: one of the filters is needed.
    if (
      filter.groupId === undefined && filter.professorHrId === undefined &&
      filter.auditoriumId === undefined
    ) {
      throw invalid({ groupId: { key: "errors.required" } });
    }
    // Whose lessons: the rule of professorTimetable (services/timetable/view.ts).
    const { user, permissions } = stateOf(c).identity!;
    const viewer = {
      user,
      canAll: permissions.has("menu.table.all"),
      canEdit: permissions.has("menu.table.edit"),
    };
    await checkEntryFilter(viewer, filter);
    return c.json({ data: (await listEntries(filter)).map(view) }, 200);
  },
);

export const timetableEntryAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "timetableEntryAdd",
  errors: [409],
  permission: "menu.table.edit",
  summary: "Creates a lesson; overlapping the professor's or the room's other lessons → 409 clash",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: EntryBody } },
    },
  },
  responses: {
    201: {
      description: "created",
      content: { "application/json": { schema: Entry } },
    },
  },
});

router.openapi(
  timetableEntryAddRoute,
  async (c) =>
    c.json(
      view(await createEntry(c.req.valid("json"), actorOf(c), stateOf(c).lang)),
      201,
    ),
);

export const timetableEntryEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "timetableEntryEdit",
  permission: "menu.table.edit",
  summary: "Replaces a lesson's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: IdParam,
    body: {
      required: true,
      content: { "application/json": { schema: EntryEditBody } },
    },
  },
  responses: {
    200: {
      description: "saved",
      content: { "application/json": { schema: Entry } },
    },
  },
});

router.openapi(
  timetableEntryEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    const saved = await updateEntry(
      c.req.valid("param").id,
      input,
      actorOf(c),
      versionstamp,
      stateOf(c).lang,
    );
    return c.json(view(saved), 200);
  },
);

export const timetableEntryRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "timetableEntryRemove",
  permission: "menu.table.edit",
  summary: "Removes a lesson",
  request: { params: IdParam, query: RemoveQuery },
  responses: {
    200: {
      description: "removed",
      content: { "application/json": { schema: Ok } },
    },
  },
});

router.openapi(
  timetableEntryRemoveRoute,
  async (c) => {
    await removeEntry(
      c.req.valid("param").id,
      actorOf(c),
      c.req.valid("query").versionstamp,
    );
    return c.json({ result: "yes" as const }, 200);
  },
);

export default router;

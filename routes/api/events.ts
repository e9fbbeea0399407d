/**
 * University events (API.md "Communication": eventList, eventAdd, eventEdit, eventRemove, eventIcs): everyone
 * signed in reads the events of their audience; holders of menu.contact.events see all and edit them.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import type { AppState } from "../../http/app_state.ts";
import {
  EventAnswer,
  EventBody,
  EventEditBody,
  EventList,
  PeriodQuery,
  RemoveEventQuery,
} from "../../http/schemas/calendar.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import { Ok } from "../../http/schemas/auth.ts";
import { createEvent, editEvent, eventsFor, removeEvent } from "../../services/calendar/events.ts";
import { toIcs } from "../../services/calendar/ics.ts";
import { parsePeriod } from "../../services/calendar/period.ts";
import { startOfDay } from "../../services/calendar/mine.ts";
import { addDays } from "../../services/timetable/week.ts";

export const EVENTS_KEY = "menu.contact.events";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const json = <S extends z.ZodType>(schema: S, status: 200 | 201 = 200) => ({
  [status]: { description: "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

async function visible(c: Context, from?: string, to?: string) {
  const state = stateOf(c);
  const period = parsePeriod(from, to);
  const events = await eventsFor(
    state.identity!.user,
    startOfDay(period.from),
    startOfDay(addDays(period.to, 1)),
    state.auth.can(EVENTS_KEY),
  );
  return { period, events };
}

export const eventListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "eventList",
  permission: "session",
  summary:
    "Events overlapping a period of dates (inclusive, at most 62 days; the current month by default): " +
    "those of the caller's audience, or all with menu.contact.events",
  request: { query: PeriodQuery },
  responses: json(EventList),
});

router.openapi(eventListRoute, async (c) => {
  const { from, to } = c.req.valid("query");
  const { events } = await visible(c, from, to);
  const data = events.map((e) => ({ ...e.value, versionstamp: e.versionstamp }));
  return c.json({ data, total: data.length }, 200);
});

export const eventIcsRoute = apiRoute({
  method: "get",
  path: "/ics",
  operationId: "eventIcs",
  permission: "session",
  summary: "The same events as an iCalendar (.ics) file, titles in the request's language",
  request: { query: PeriodQuery },
  responses: {
    200: { description: "the calendar", content: { "text/calendar": { schema: z.string() } } },
  },
});

router.openapi(eventIcsRoute, async (c) => {
  const { from, to } = c.req.valid("query");
  const { period, events } = await visible(c, from, to);
  const text = toIcs(events.map((e) => e.value), stateOf(c).lang, new URL(c.req.url).hostname);
  return c.body(text, 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": `attachment; filename="events-${period.from}.ics"`,
    "cache-control": "no-store",
  });
});

export const eventAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "eventAdd",
  permission: EVENTS_KEY,
  summary: "Adds an event: titles in both languages, description, place, start and end (at most 31 days " +
    "apart), audience (empty: everyone)",
  request: body(EventBody),
  responses: json(EventAnswer, 201),
});

router.openapi(eventAddRoute, async (c) => {
  const created = await createEvent(c.req.valid("json"), stateOf(c).identity!.user.id);
  return c.json({ event: created.value, versionstamp: created.versionstamp }, 201);
});

export const eventEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "eventEdit",
  permission: EVENTS_KEY,
  summary: "Edits an event; a stale versionstamp → 409",
  request: { params: IdParam, ...body(EventEditBody) },
  responses: json(EventAnswer),
});

router.openapi(eventEditRoute, async (c) => {
  const { versionstamp, ...input } = c.req.valid("json");
  const saved = await editEvent(c.req.valid("param").id, input, stateOf(c).identity!.user.id, versionstamp);
  return c.json({ event: saved.value, versionstamp: saved.versionstamp }, 200);
});

export const eventRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "eventRemove",
  permission: EVENTS_KEY,
  summary: "Removes an event, named by the versionstamp it was shown at (stale → 409)",
  request: { params: IdParam, query: RemoveEventQuery },
  responses: json(Ok),
});

router.openapi(eventRemoveRoute, async (c) => {
  await removeEvent(c.req.valid("param").id, stateOf(c).identity!.user.id, c.req.valid("query").versionstamp);
  return c.json({ result: "yes" as const }, 200);
});

export default router;

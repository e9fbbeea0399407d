/** A person's own calendar (API.md "Communication": calendarMine). */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import type { AppState } from "../../http/app_state.ts";
import { CalendarItems, PeriodQuery } from "../../http/schemas/calendar.ts";
import { calendarMine } from "../../services/calendar/mine.ts";
import { parsePeriod } from "../../services/calendar/period.ts";
import { EVENTS_KEY } from "./events.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;

export const calendarMineRoute = apiRoute({
  method: "get",
  path: "/mine",
  operationId: "calendarMine",
  permission: "session",
  summary:
    "The caller's lessons, the events of their audience and their deadlines (registration, add/drop, " +
    "polls closing) for a period of dates (inclusive, at most 62 days; the current month by default)",
  request: { query: PeriodQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: CalendarItems } } } },
});

router.openapi(calendarMineRoute, async (c) => {
  const state = stateOf(c);
  const { from, to } = c.req.valid("query");
  const period = parsePeriod(from, to);
  const data = await calendarMine(
    state.identity!.user,
    period.from,
    period.to,
    state.lang,
    state.auth.can(EVENTS_KEY),
  );
  return c.json({ ...period, data }, 200);
});

export default router;

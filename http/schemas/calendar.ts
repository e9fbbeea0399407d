/** Request and response shapes of the event calendar and the personal calendar (API.md "Communication"). */
import { z } from "@hono/zod-openapi";
import { EVENT_LIMITS } from "../../services/calendar/events.ts";
import { Audience } from "./polls.ts";
import { Versionstamp } from "./timetable.ts";

const Instant = z.string().max(40).openapi({
  example: "2026-12-01T10:00:00+04:00",
  description: "ISO instant",
});
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({
  example: "2026-11-01",
  description: "YYYY-MM-DD",
});

export const EventBody = z.strictObject({
  title: z.string().max(EVENT_LIMITS.title),
  titleEn: z.string().max(EVENT_LIMITS.title),
  description: z.string().max(EVENT_LIMITS.description).default(""),
  place: z.string().max(EVENT_LIMITS.place).default(""),
  start: Instant,
  end: Instant,
  audience: Audience.default({
    guards: [],
    schoolIds: [],
    programIds: [],
    admissionYears: [],
    sectionIds: [],
    userIds: [],
  }).openapi({ description: "Who the event is for; empty: everyone" }),
}).openapi("EventInput");

export const EventEditBody = EventBody.extend({ versionstamp: Versionstamp.optional() }).openapi(
  "EventEditInput",
);

export const UniEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEn: z.string(),
  description: z.string(),
  place: z.string(),
  start: z.string(),
  end: z.string(),
  audience: z.object({
    guards: z.array(z.string()),
    schoolIds: z.array(z.number().int()),
    programIds: z.array(z.number().int()),
    admissionYears: z.array(z.number().int()),
    sectionIds: z.array(z.string()),
    userIds: z.array(z.number().int()),
  }),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
}).openapi("UniEvent");

export const EventAnswer = z.object({ event: UniEvent, versionstamp: z.string() }).openapi(
  "UniEventWithVersion",
);
export const EventList = z.object({
  data: z.array(UniEvent.extend({ versionstamp: z.string() })),
  total: z.number().int(),
}).openapi("UniEventList");

/** A period of dates, inclusive; at most 62 days. Without one: the current month. */
export const PeriodQuery = z.strictObject({ from: IsoDate.optional(), to: IsoDate.optional() });
export const RemoveEventQuery = z.strictObject({ versionstamp: Versionstamp });

export const CalendarItems = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(z.object({
    kind: z.enum(["lesson", "event", "deadline"]),
    date: z.string(),
    time: z.string(),
    title: z.string(),
    detail: z.string(),
    deadline: z.enum(["registrationOpens", "registrationCloses", "dropDeadline", "pollCloses"]).optional(),
    done: z.boolean().optional(),
    href: z.string().optional(),
  })),
}).openapi("CalendarItems");

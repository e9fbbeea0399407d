/**
 * Ledger entries (API.md: financeEntryAdd, financeEntryReverse) and every entry by date with its .xlsx
 * (the transactions screen). Lines are never edited or deleted: a wrong one is reversed.
 */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  Entry,
  EntryBody,
  EntryParam,
  EventList,
  EventQuery,
  ReverseBody,
} from "../../http/schemas/finances.ts";
import { stateOf } from "../../http/registration_actor.ts";
import { listEvents } from "../../services/finances/events.ts";
import { eventsXlsx } from "../../services/finances/exports.ts";
import { appendEntry, reverseEntry } from "../../services/finances/ledger.ts";
import type { EntryKind } from "../../services/finances/model.ts";
import { nextUlid } from "../../services/db/ids.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import { FINANCES } from "./finance_params.ts";

const router = createRouter();
const TRANSACTIONS = `${FINANCES}.transactions`;

export const financeEventListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "financeEventList",
  permission: TRANSACTIONS,
  summary: "Every ledger entry from `from` to `to`, newest first, filtered by kind and student",
  request: { query: EventQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: EventList } } } },
});

router.openapi(financeEventListRoute, async (c) => {
  const q = c.req.valid("query");
  const { entries, total, truncated } = await listEvents(
    { ...q, kind: q.kind as EntryKind | undefined },
    { page: q.page, limit: q.limit },
  );
  return c.json({ total, truncated, data: entries }, 200);
});

export const financeEventExportRoute = apiRoute({
  method: "get",
  path: "/export",
  operationId: "financeEventExport",
  permission: TRANSACTIONS,
  summary: "The entries the same filter lists, as .xlsx (amounts in GEL), headers in the request's language",
  request: { query: EventQuery },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(financeEventExportRoute, async (c) => {
  const q = c.req.valid("query");
  const { entries } = await listEvents({ ...q, kind: q.kind as EntryKind | undefined });
  const bytes = await eventsXlsx(entries, stateOf(c).t);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": XLSX_CONTENT_TYPE,
    "content-disposition": xlsxDisposition("finance-entries"),
    "cache-control": "no-store",
  });
});

export const financeEntryAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "financeEntryAdd",
  permission: TRANSACTIONS,
  summary:
    "Adds a charge, payment, discount or refund (integer tetri above 0); with `requestId`, sending it " +
    "again writes nothing and answers the entry it wrote",
  request: { body: { content: { "application/json": { schema: EntryBody } } } },
  responses: { 201: { description: "added", content: { "application/json": { schema: Entry } } } },
});

router.openapi(financeEntryAddRoute, async (c) => {
  const { requestId, ...body } = c.req.valid("json");
  const { entry } = await appendEntry(
    { ...body, source: { type: "manual", id: requestId ?? nextUlid() } },
    stateOf(c).identity!.user.id,
  );
  return c.json(entry, 201);
});

export const financeEntryReverseRoute = apiRoute({
  method: "post",
  path: "/{entryId}/reverse",
  operationId: "financeEntryReverse",
  permission: TRANSACTIONS,
  summary:
    "Undoes an entry with a reversing line dated `date` (default today) that names it and the reason; " +
    "an entry is reversed once (409 `already_reversed`)",
  request: { params: EntryParam, body: { content: { "application/json": { schema: ReverseBody } } } },
  responses: { 201: { description: "reversed", content: { "application/json": { schema: Entry } } } },
  errors: [409],
});

router.openapi(financeEntryReverseRoute, async (c) =>
  c.json(
    await reverseEntry(c.req.valid("param").entryId, c.req.valid("json"), stateOf(c).identity!.user.id),
    201,
  ));

export default router;

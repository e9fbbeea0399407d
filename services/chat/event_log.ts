/**
 * The event log inspector (ARCHITECTURE §5; permission menu.chat.eventLog): every room with its head, and a
 * room's events filtered by type and actor, paged, followed (`after` a seq) and exported. Staff read the log
 * as stored — including deleted rooms and removed members — which is the point of an inspector.
 */
import { db, readMany } from "../db/kv.ts";
import { readEvents } from "./log.ts";
import { type ChatEvent, type ChatEventType, keys, type RoomState } from "./model.ts";
import { loadPeople, memberNow } from "./people.ts";
import { joinRoom } from "./room_records.ts";

export interface LogRoom {
  id: number;
  kind: RoomState["kind"];
  title: string;
  members: number;
  seq: number;
  deleted: boolean;
  createdAt: string;
  lastMessageTime: string | null;
}

export interface EventFilter {
  type?: ChatEventType;
  actor?: number;
  /** Only events after this seq (following a room live). */
  after?: number;
}

/** The most events one page of the inspector reads; past it the page says it was cut (`truncated`). */
export const MAX_SCAN = 20_000;
/** Events read from KV at a time. */
const READ_BATCH = 1000;

export async function listLogRooms(page: number, limit: number): Promise<{ data: LogRoom[]; total: number }> {
  const records: unknown[] = [];
  for await (const entry of db().list({ prefix: keys.rooms() })) records.push(entry.value);
  // The listed records joined with their heads (a second snapshot: an inspector's row may lag a title by a moment).
  const heads = await readMany(records.map((r) => keys.head((r as { id: number }).id)));
  const rooms = records.map((r, i) => joinRoom(heads[i].value, r)).filter((r): r is RoomState => r !== null);
  rooms.sort((a, b) =>
    (b.lastMessage?.time ?? b.createdAt).localeCompare(a.lastMessage?.time ?? a.createdAt)
  );
  await loadPeople();
  const data = rooms.slice((page - 1) * limit, page * limit).map((r): LogRoom => ({
    id: r.id,
    kind: r.kind,
    title: r.title ?? r.members.map((m) => memberNow(m).name).join(", "),
    members: r.members.length,
    seq: r.seq,
    deleted: r.deleted,
    createdAt: r.createdAt,
    lastMessageTime: r.lastMessage?.time ?? null,
  }));
  return { data, total: rooms.length };
}

const matches = (filter: EventFilter) => (e: ChatEvent) =>
  (filter.type === undefined || e.type === filter.type) &&
  (filter.actor === undefined || e.actor.id === filter.actor);

/** Every event of the room matching `filter`, oldest first, one read batch at a time; `maxScan` stops early. */
async function* matchingBatches(roomId: number, filter: EventFilter, maxScan = Infinity) {
  let from = (filter.after ?? 0) + 1, scanned = 0;
  while (scanned < maxScan) {
    const batch = await readEvents(roomId, from, undefined, Math.min(READ_BATCH, maxScan - scanned));
    if (batch.length === 0) return;
    scanned += batch.length;
    yield batch.filter(matches(filter));
    from = batch[batch.length - 1].seq + 1;
  }
}

/** The room's events matching `filter`, oldest first; at most MAX_SCAN are read, and `truncated` says so. */
export async function filteredEvents(
  roomId: number,
  filter: EventFilter,
): Promise<{ events: ChatEvent[]; truncated: boolean }> {
  const events: ChatEvent[] = [];
  for await (const batch of matchingBatches(roomId, filter, MAX_SCAN)) events.push(...batch);
  // Seqs are gapless from 1, so events remain past the scan if seq after + MAX_SCAN + 1 exists. Cut only if events remain past what was read (reading exactly MAX_SCAN to the end is complete).
  const more = (await readEvents(roomId, (filter.after ?? 0) + MAX_SCAN + 1, undefined, 1)).length > 0;
  return { events, truncated: more };
}

export async function logPage(roomId: number, filter: EventFilter, page: number, limit: number) {
  const { events, truncated } = await filteredEvents(roomId, filter);
  const head = (await db().get<{ seq: number }>(keys.head(roomId))).value?.seq ?? 0;
  return { data: events.slice((page - 1) * limit, page * limit), total: events.length, head, truncated };
}

/**
 * The export: every matching event, however many, as one JSON document `{ roomId, filter, exportedAt, events }`
 * written a read batch at a time (the server never holds the whole log), one event per line.
 */
export function exportEvents(roomId: number, filter: EventFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = matchingBatches(roomId, filter);
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const head = JSON.stringify({ roomId, filter, exportedAt: new Date().toISOString() }).slice(0, -1);
      controller.enqueue(encoder.encode(`${head},"events":[`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.enqueue(encoder.encode("\n]}\n"));
        return controller.close();
      }
      if (!next.value.length) return;
      const lines = next.value.map((e) => `\n${JSON.stringify(e)}`).join(",");
      controller.enqueue(encoder.encode(`${first ? "" : ","}${lines}`));
      first = false;
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

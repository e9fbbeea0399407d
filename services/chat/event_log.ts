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

/** The most events one inspection reads (the export included). */
export const MAX_SCAN = 20_000;

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

/** The room's events matching `filter`, oldest first (at most MAX_SCAN read). */
export async function filteredEvents(roomId: number, filter: EventFilter): Promise<ChatEvent[]> {
  const found: ChatEvent[] = [];
  let from = (filter.after ?? 0) + 1, scanned = 0;
  while (scanned < MAX_SCAN) {
    const batch = await readEvents(roomId, from, undefined, 1000);
    if (batch.length === 0) break;
    scanned += batch.length;
    found.push(...batch.filter(matches(filter)));
    from = batch[batch.length - 1].seq + 1;
  }
  return found;
}

export async function logPage(roomId: number, filter: EventFilter, page: number, limit: number) {
  const all = await filteredEvents(roomId, filter);
  const head = (await db().get<{ seq: number }>(keys.head(roomId))).value?.seq ?? 0;
  return { data: all.slice((page - 1) * limit, page * limit), total: all.length, head };
}

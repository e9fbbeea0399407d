/**
 * What an append derives besides the events (log_commit.ts): the per-person room index that follows the member
 * list, and, for a partial read, the messages after the cursor from which the unread count is made.
 */
import type { RoomBatch } from "./log_commit.ts";
import { type ChatEvent, keys, type RoomState } from "./model.ts";
import type { StoredRoom } from "./room_records.ts";

/** Most log entries read to count what a partial read leaves unread (beyond: a lower bound). */
const TAIL_LIMIT = 5000;

/**
 * For rooms where someone reads only part of the way (upTo before the last message), the messages after the
 * lowest such cursor, as [seq, author]: the appender counts what stays unread from them.
 */
export async function messageTails(kv: Deno.Kv, batches: RoomBatch[], rooms: StoredRoom[]) {
  const tails = new Map<number, [number, number][]>();
  if (!batches.some((batch) => batch.items.some((p) => p.request.body.type === "messages_seen"))) {
    return tails;
  }
  await Promise.all(batches.map(async (batch, b) => {
    const state = rooms[b].state;
    const last = state?.lastMessage?.id ?? 0;
    const partial = batch.items.map((p) => p.request.body).flatMap((body) =>
      body.type === "messages_seen" && body.upTo < last ? [body.upTo] : []
    );
    if (!state || partial.length === 0) return;
    const tail: [number, number][] = [];
    const selector = {
      start: keys.event(batch.roomId, Math.min(...partial) + 1),
      end: keys.event(batch.roomId, state.seq + 1),
    };
    for await (const entry of kv.list<ChatEvent>(selector, { limit: TAIL_LIMIT, batchSize: 500 })) {
      if (entry.value.type === "message_sent") tail.push([entry.value.seq, entry.value.actor.id]);
    }
    tails.set(batch.roomId, tail);
  }));
  return tails;
}

/** The per-person room index follows the member list; joining bumps the person's version (cross-process). */
export function indexChanges(
  before: RoomState | null,
  after: RoomState,
  atomic: Deno.AtomicOperation,
  activity: boolean,
) {
  // Most events (messages, reads) keep the very member list: nothing to index.
  if (before && before.members === after.members && before.deleted === after.deleted) return;
  const was = new Set(before && !before.deleted ? before.members.map((m) => m.id) : []);
  const is = new Set(after.deleted ? [] : after.members.map((m) => m.id));
  for (const id of is) {
    if (was.has(id)) continue;
    atomic.set(keys.roomsByUser(id, after.id), after.id);
    atomic.set(keys.userVersion(id), Date.now());
    if (activity) atomic.set(keys.joins(), Date.now());
  }
  for (const id of was) if (!is.has(id)) atomic.delete(keys.roomsByUser(id, after.id));
}

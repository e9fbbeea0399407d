/**
 * The migrations, in order (migrations.ts runs them). Append only: a released migration is never edited, since
 * stores out there record that it ran. Each comment says what shape it leaves.
 */
import type { Migration } from "./migrations.ts";
import { headRecord, joinRoom, roomRecord } from "../chat/room_records.ts";
import { keys } from "../chat/model.ts";

/** Rooms read per batch, and rewritten per batch: 2 checks each stay under KV's 100 checks per atomic. */
const READ_BATCH = 200;
const WRITE_BATCH = 20;

export const MIGRATIONS: readonly Migration[] = [
  {
    // Data written before migrations existed is the shape of version 1; from here on the version is stored.
    version: 1,
    name: "schema_version_recorded",
    batch: () => Promise.resolve(null),
  },
  {
    // Chat rooms stored by earlier versions kept the whole projection in ["chat_rooms", id], per-person values as
    // objects keyed by id text, and only { seq } in ["chat_heads", id]. Afterwards every room is two records
    // (room_records.ts) with per-person Maps, so reading no longer depends on that older shape.
    version: 2,
    name: "chat_rooms_in_two_records",
    async batch(kv, cursor, atomic) {
      const rooms = kv.list<Record<string, unknown>>({ prefix: keys.rooms() }, {
        limit: READ_BATCH,
        cursor: cursor ?? undefined,
      });
      let read = 0, rewritten = 0;
      for await (const room of rooms) {
        read++;
        const head = await kv.get<Record<string, unknown>>(keys.head(room.key[1] as number));
        if (!head.value || !isOlderShape(room.value, head.value)) continue;
        const state = joinRoom(head.value, room.value)!;
        atomic.check(room, head).set(head.key, headRecord(state)).set(room.key, roomRecord(state));
        if (++rewritten === WRITE_BATCH) return rooms.cursor;
      }
      return read < READ_BATCH ? null : rooms.cursor;
    },
  },
];

function isOlderShape(room: Record<string, unknown>, head: Record<string, unknown>): boolean {
  return "seq" in room || "cursors" in room || !(room.personalTitles instanceof Map) ||
    !(head.cursors instanceof Map);
}

/**
 * The migrations, in order (migrations.ts runs them). Append only: a released migration is never edited, since
 * stores out there record that it ran. Each comment says what shape it leaves.
 */
import type { Migration } from "./migrations.ts";
import { headRecord, joinRoom, roomRecord } from "../chat/room_records.ts";
import { keys } from "../chat/model.ts";
import type { TranscriptEntry } from "../academic/model.ts";
import { keys as financeKeys, type LedgerEntry, monthSumOf } from "../finances/model.ts";
import { totalsOf, TRANSCRIPT_TOTALS, TRANSCRIPTS, type TranscriptTotals } from "../students/transcripts.ts";

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
  {
    // Students' transcript totals written before they counted entries per grade (the analytics' grade
    // distributions, issue 22) get the counts, recomputed from the student's entries. Afterwards every totals
    // record has `grades`, and every writer keeps it.
    version: 3,
    name: "transcript_totals_grade_counts",
    async batch(kv, cursor, atomic) {
      const totals = kv.list<TranscriptTotals>({ prefix: [TRANSCRIPT_TOTALS] }, {
        limit: TOTALS_BATCH,
        cursor: cursor ?? undefined,
      });
      let read = 0;
      for await (const entry of totals) {
        read++;
        if (entry.value.grades) continue;
        const entries: TranscriptEntry[] = [];
        for await (const e of kv.list<TranscriptEntry>({ prefix: [TRANSCRIPTS, entry.key[1]] })) {
          entries.push(e.value);
        }
        atomic.check(entry).set(entry.key, totalsOf(entries));
      }
      return read < TOTALS_BATCH ? null : totals.cursor;
    },
  },
  {
    // The ledger's monthly sums (finances/model.ts keys.month), which every entry moves from now on, computed
    // from the entries written before (or in bulk, by the large demo's seed). The sums of a whole pass travel
    // in the cursor and are set — not added — at its end, so running it again on summed data changes nothing.
    version: 4,
    name: "finance_month_sums",
    async batch(kv, cursor, atomic) {
      const state: { at?: string; sums: Record<string, number> } = cursor ? JSON.parse(cursor) : { sums: {} };
      const entries = kv.list<LedgerEntry>({ prefix: ["finance_entries"] }, {
        limit: ENTRIES_BATCH,
        cursor: state.at,
        batchSize: ENTRIES_BATCH,
      });
      let read = 0;
      for await (const entry of entries) {
        read++;
        const month = monthSumOf(entry.value);
        const key = month.key.slice(1).join("|");
        state.sums[key] = (state.sums[key] ?? 0) + month.tetri;
      }
      if (read === ENTRIES_BATCH) return JSON.stringify({ at: entries.cursor, sums: state.sums });
      for (const [key, tetri] of Object.entries(state.sums)) {
        const [month, side] = key.split("|") as [string, "charged" | "credited"];
        atomic.set(financeKeys.month(month, side), new Deno.KvU64(BigInt(tetri)));
      }
      return null;
    },
  },
];

/** Ledger entries read per batch of migration 4. */
const ENTRIES_BATCH = 1000;

/** Totals per batch: one check each, under KV's 100 checks per atomic with the lock's and the progress's. */
const TOTALS_BATCH = 90;

function isOlderShape(room: Record<string, unknown>, head: Record<string, unknown>): boolean {
  return "seq" in room || "cursors" in room || !(room.personalTitles instanceof Map) ||
    !(head.cursors instanceof Map);
}

/** The event log inspector over a room longer than one inspection reads: the export has every event. */
import { assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { exportEvents, logPage, MAX_SCAN } from "./event_log.ts";
import { keys } from "./model.ts";

const ROOM = 7;
const COUNT = MAX_SCAN + 1500;

async function writeLongRoom() {
  // Written directly (appending twenty thousand messages one by one is the log's test, not this one's).
  for (let start = 1; start <= COUNT; start += 1000) {
    const atomic = db().atomic();
    for (let seq = start; seq < Math.min(start + 1000, COUNT + 1); seq++) {
      atomic.set(keys.event(ROOM, seq), {
        type: "message_sent",
        messageType: "TEXT",
        text: `m${seq}`,
        roomId: ROOM,
        seq,
        actor: { id: seq % 2 ? 1 : 2, type: "user" },
        at: "2026-11-25T10:00:00.000Z",
      });
    }
    await atomic.commit();
  }
}

Deno.test("chat event log inspector", async (t) => {
  await openDb(":memory:");
  try {
    await writeLongRoom();

    await t.step("the export holds every event of a room longer than one inspection reads", async () => {
      const text = await new Response(exportEvents(ROOM, {})).text();
      const doc = JSON.parse(text);
      assertEquals(doc.roomId, ROOM);
      assertEquals(doc.events.length, COUNT);
      assertEquals(
        doc.events.map((e: { seq: number }) => e.seq),
        Array.from({ length: COUNT }, (_, i) => i + 1),
      );
    });

    await t.step("the export keeps to the filter", async () => {
      const doc = JSON.parse(await new Response(exportEvents(ROOM, { actor: 2, after: COUNT - 10 })).text());
      assertEquals(doc.events.map((e: { seq: number }) => e.seq), [
        COUNT - 8,
        COUNT - 6,
        COUNT - 4,
        COUNT - 2,
        COUNT,
      ]);
    });

    await t.step("a page of the inspector says when it did not read the whole room", async () => {
      const cut = await logPage(ROOM, {}, 1, 10);
      assertEquals([cut.total, cut.truncated], [MAX_SCAN, true]);
      const rest = await logPage(ROOM, { after: 2000 }, 1, 10);
      assertEquals([rest.total, rest.truncated], [COUNT - 2000, false]);
    });

    await t.step("an empty room exports an empty list", async () => {
      assertEquals(JSON.parse(await new Response(exportEvents(999, {})).text()).events, []);
    });
  } finally {
    await closeDb();
  }
});

/**
 * The chat event-log page says when a filter read only the first MAX_SCAN events of a room (the API's
 * `truncated`), so the count it shows is not taken for the room's whole log.
 */
import { assert } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";
import { db } from "../services/db/kv.ts";
import { MAX_SCAN } from "../services/chat/event_log.ts";
import { keys } from "../services/chat/model.ts";

const app = await seededApp();
const LONG_ROOM = 901, SHORT_ROOM = 902;

async function writeRoom(roomId: number, count: number) {
  // Written directly: appending twenty thousand messages one by one is the log's own test, not this one's.
  for (let start = 1; start <= count; start += 1000) {
    const atomic = db().atomic();
    for (let seq = start; seq < Math.min(start + 1000, count + 1); seq++) {
      atomic.set(keys.event(roomId, seq), {
        type: "message_sent",
        messageType: "TEXT",
        text: `m${seq}`,
        roomId,
        seq,
        actor: { id: 1, type: "user" },
        at: "2026-11-25T10:00:00.000Z",
      });
    }
    await atomic.commit();
  }
}

const pageOf = async (roomId: number) => {
  const res = await app.request(`/chat/event-log?room=${roomId}`, {
    headers: { authorization: `Bearer ${await tokenFor("admin")}`, cookie: "lang=en" },
  });
  assert(res.status === 200, `the page answered ${res.status}`);
  return await res.text();
};

Deno.test({
  name: "chat event-log page: a room longer than one inspection reads says so",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await writeRoom(LONG_ROOM, MAX_SCAN + 10);
    await writeRoom(SHORT_ROOM, 10);
    await t.step("the long room's page says only the first events were searched", async () => {
      const html = await pageOf(LONG_ROOM);
      assert(html.includes('data-testid="log-truncated"'), "no notice");
      assert(html.includes(`Only the first ${MAX_SCAN} events were searched`), "the notice names the limit");
    });
    await t.step("a short room's page has no such notice", async () => {
      assert(!(await pageOf(SHORT_ROOM)).includes('data-testid="log-truncated"'));
    });
  },
});

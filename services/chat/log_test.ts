/** The room log: gapless concurrent appends, idempotent client ids, refusals that change nothing. */
import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { append, headOf, readEvents, roomState } from "./log.ts";
import type { RoomState } from "./model.ts";
import { project } from "./projection.ts";
import type { MemberRef } from "./protocol.ts";

const alice: MemberRef = { id: 101, type: "user" };
const bob: MemberRef = { id: 102, type: "prof" };
const carol: MemberRef = { id: 103, type: "student" };

async function group(roomId: number, members: MemberRef[] = [alice, bob, carol]) {
  await append({
    roomId,
    actor: alice,
    body: { type: "room_created", kind: "group", title: "g", members, admins: [alice] },
  });
}

Deno.test("chat log", async (t) => {
  await openDb(":memory:");
  try {
    await t.step(
      "50 concurrent writers × 100 appends give seq 1..5001 without gap or duplicate",
      async () => {
        await group(1);
        const writers = Array.from({ length: 50 }, (_, w) =>
          (async () => {
            const seqs: number[] = [];
            for (let i = 0; i < 100; i++) {
              const who = [alice, bob, carol][w % 3];
              const result = await append({
                roomId: 1,
                actor: who,
                clientId: `w${w}-${i}`,
                body: { type: "message_sent", messageType: "TEXT", text: `${w}:${i}` },
              });
              seqs.push(result.seq!);
            }
            return seqs;
          })());
        const all = (await Promise.all(writers)).flat().sort((a, b) => a - b);
        assertEquals(all.length, 5000);
        assertEquals(all, Array.from({ length: 5000 }, (_, i) => i + 2));
        assertEquals(await headOf(1), 5001);
        const events = [];
        for (let from = 1; from <= 5001; from += 1000) events.push(...await readEvents(1, from, from + 999));
        assertEquals(events.map((e) => e.seq), Array.from({ length: 5001 }, (_, i) => i + 1));
        // Each writer's own messages keep their order in the log.
        const w7 = events.filter((e) => e.type === "message_sent" && e.text.startsWith("7:"));
        assertEquals(w7.map((e) => e.type === "message_sent" && e.text), w7.map((_, i) => `7:${i}`));
      },
    );

    await t.step(
      "20 rooms × 10 writers × 20 appends at once: every room gapless, rounds span rooms",
      async () => {
        for (let r = 100; r < 120; r++) await group(r);
        await Promise.all(Array.from({ length: 200 }, async (_, w) => {
          for (let i = 0; i < 20; i++) {
            await append({
              roomId: 100 + (w % 20),
              actor: alice,
              body: { type: "message_sent", messageType: "TEXT", text: `${w}.${i}` },
            });
          }
        }));
        for (let r = 100; r < 120; r++) {
          assertEquals(
            (await readEvents(r, 1)).map((e) => e.seq),
            Array.from({ length: 201 }, (_, i) => i + 1),
          );
          assertEquals((await roomState(r))!.seq, 201);
        }
      },
    );

    await t.step("the stored projection equals the fold of the whole log", async () => {
      let folded: RoomState | null = null;
      for (let from = 1; from <= 5001; from += 1000) {
        for (const event of await readEvents(1, from, from + 999)) folded = project(folded, event);
      }
      assertEquals(folded, await roomState(1));
    });

    await t.step(
      "a resend with the same client id changes nothing and answers the original seq",
      async () => {
        const first = await append({
          roomId: 1,
          actor: bob,
          clientId: "resend-1",
          body: { type: "message_sent", messageType: "TEXT", text: "once" },
        });
        const head = await headOf(1);
        const again = await Promise.all([1, 2, 3].map(() =>
          append({
            roomId: 1,
            actor: bob,
            clientId: "resend-1",
            body: { type: "message_sent", messageType: "TEXT", text: "once" },
          })
        ));
        assertEquals(again.map((r) => [r.seq, r.duplicate]), [[first.seq, true], [first.seq, true], [
          first.seq,
          true,
        ]]);
        assertEquals(await headOf(1), head);
        // The earlier writers' ids are remembered too.
        const old = await append({
          roomId: 1,
          actor: alice,
          clientId: "w0-0",
          body: { type: "message_sent", messageType: "TEXT", text: "0:0" },
        });
        assertEquals(old.duplicate, true);
        assertEquals(await headOf(1), head);
      },
    );

    await t.step(
      "another member's client id does not swallow my message: the key is the author's",
      async () => {
        const head = await headOf(1);
        const mine = await append({
          roomId: 1,
          actor: carol,
          clientId: "resend-1", // bob's id from the step before
          body: { type: "message_sent", messageType: "TEXT", text: "carol's own" },
        });
        assertEquals(mine.duplicate, false);
        assertEquals(mine.seq, head + 1);
        const [stored] = await readEvents(1, mine.seq!, mine.seq!);
        assertEquals(stored.type === "message_sent" && [stored.actor.id, stored.text], [
          carol.id,
          "carol's own",
        ]);
        // Carol's own resend is still a no-op.
        assertEquals(
          (await append({
            roomId: 1,
            actor: carol,
            clientId: "resend-1",
            body: { type: "message_sent", messageType: "TEXT", text: "carol's own" },
          })).duplicate,
          true,
        );
      },
    );

    await t.step("a refused event fails alone and writes nothing", async () => {
      const head = await headOf(1);
      const stranger: MemberRef = { id: 999, type: "user" };
      const results = await Promise.allSettled([
        append({
          roomId: 1,
          actor: stranger,
          body: { type: "message_sent", messageType: "TEXT", text: "x" },
        }),
        append({ roomId: 1, actor: bob, body: { type: "message_sent", messageType: "TEXT", text: "ok" } }),
        append({ roomId: 1, actor: bob, body: { type: "member_added", member: stranger } }),
        append({ roomId: 1, actor: alice, body: { type: "message_sent", messageType: "TEXT", text: "  " } }),
      ]);
      assertEquals(results.map((r) => r.status), ["rejected", "fulfilled", "rejected", "rejected"]);
      assertEquals(await headOf(1), head + 1);
      const codes = results.flatMap((r) =>
        r.status === "rejected" ? [(r.reason as { code: string }).code] : []
      );
      assertEquals(codes, ["not_found", "not_admin", "invalid"]);
    });

    await t.step("a partial read: the appender counts from the log what stays unread", async () => {
      await group(200);
      const sends = [alice, alice, bob, alice, bob, alice].map((who, i) =>
        append({ roomId: 200, actor: who, body: { type: "message_sent", messageType: "TEXT", text: `${i}` } })
      );
      const seqs = (await Promise.all(sends)).map((r) => r.seq!);
      // carol reads up to the third message, in the same round as two more messages arrive
      const [seen] = await Promise.all([
        append({
          roomId: 200,
          actor: carol,
          body: { type: "messages_seen", upTo: seqs[2], messageIds: [seqs[2]] },
        }),
        append({
          roomId: 200,
          actor: alice,
          body: { type: "message_sent", messageType: "TEXT", text: "late" },
        }),
      ]);
      assertEquals(seen.event?.type === "messages_seen" && seen.event.unread, 3);
      const state = (await roomState(200))!;
      assertEquals(state.unread.get(103), 4);
      assertEquals(state.unread.get(102), 2, "bob's own messages do not count for him");
    });

    await t.step("appends to a room that does not exist are refused", async () => {
      const result = await append({
        roomId: 77,
        actor: alice,
        body: { type: "message_sent", messageType: "TEXT", text: "x" },
      }).catch((e) => e);
      assertEquals(result.code, "not_found");
      assertEquals(await headOf(77), 0);
      assert((await db().get(["chat_rooms", 77])).versionstamp === null);
    });
  } finally {
    await closeDb();
  }
});

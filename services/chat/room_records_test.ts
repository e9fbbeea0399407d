/** The projection's two stored records: what an append writes, and rooms stored by earlier versions. */
import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, KV_LIMITS, openDb } from "../db/kv.ts";
import { append, roomState } from "./log.ts";
import { keys } from "./model.ts";
import { project } from "./projection.ts";
import { HEAD_FIELDS, ROOM_FIELDS } from "./room_records.ts";
import type { MemberRef } from "./protocol.ts";

const alice: MemberRef = { id: 201, type: "user" };
const bob: MemberRef = { id: 202, type: "prof" };
const carol: MemberRef = { id: 203, type: "student" };
const text = (actor: MemberRef, t: string) =>
  append({ roomId: 1, actor, body: { type: "message_sent", messageType: "TEXT", text: t } });
const stamps = async () => (await db().getMany([keys.head(1), keys.room(1)])).map((e) => e.versionstamp);

Deno.test("chat room records", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("the head and the room record together hold every field of the projection", () => {
      const state = project(null, {
        type: "room_created",
        kind: "group",
        title: "g",
        members: [alice],
        admins: [alice],
        roomId: 9,
        seq: 1,
        actor: alice,
        at: "2026-01-01T00:00:00Z",
      });
      assertEquals(Object.keys(state).sort(), [...HEAD_FIELDS, ...ROOM_FIELDS].sort());
      assertEquals(KV_LIMITS.keysPerGetMany % 2, 0, "a head and its room record must share one getMany");
    });

    await t.step(
      "messages and reads set the head alone; membership and titles set the room record",
      async () => {
        await append({
          roomId: 1,
          actor: alice,
          body: { type: "room_created", kind: "group", title: "g", members: [alice, bob], admins: [alice] },
        });
        const [, created] = await stamps();
        await text(alice, "one");
        await append({ roomId: 1, actor: bob, body: { type: "messages_seen", upTo: 2, messageIds: [2] } });
        const [head, room] = await stamps();
        assertEquals(room, created, "the room record is left as it was");
        assert(head! > created!);
        const stored = (await db().get<Record<string, unknown>>(keys.room(1))).value!;
        assertEquals("cursors" in stored || "lastMessage" in stored, false, "no copy of the head in it");

        await append({ roomId: 1, actor: alice, body: { type: "member_added", member: carol } });
        const [, added] = await stamps();
        assert(added! > created!);
        const state = (await roomState(1))!;
        assertEquals(state.members, [alice, bob, carol]);
        assertEquals([state.seq, state.lastMessage?.text, state.cursors.get(bob.id)], [4, "one", 2]);
      },
    );

    await t.step(
      "a room stored before the split (everything in the room record) reads and appends",
      async () => {
        await db().atomic()
          .set(keys.head(2), { seq: 2 })
          .set(keys.room(2), {
            id: 2,
            kind: "group",
            title: "old",
            members: [alice, bob],
            admins: [alice],
            createdAt: "2026-01-01T00:00:00Z",
            createdBy: alice,
            deleted: false,
            seq: 2,
            lastMessage: { id: 2, type: "TEXT", text: "hi", author: alice, time: "2026-01-01T00:00:01Z" },
            cursors: { "201": 2, "202": 0 },
            unread: { "201": 0, "202": 1 },
            personalTitles: { "202": "mine" },
            lastActive: { "201": "2026-01-01T00:00:01Z" },
          })
          .commit();
        const old = (await roomState(2))!;
        assertEquals([old.unread.get(bob.id), old.personalTitles.get(bob.id)], [1, "mine"]);
        await append({
          roomId: 2,
          actor: alice,
          body: { type: "message_sent", messageType: "TEXT", text: "again" },
        });
        const now = (await roomState(2))!;
        assertEquals([now.seq, now.unread.get(bob.id), now.personalTitles.get(bob.id)], [3, 2, "mine"]);
        assertEquals(now.lastMessage?.text, "again");
      },
    );
  } finally {
    await closeDb();
  }
});

/**
 * Resume after a dropped connection (protocol.ts "Connection" 3): the client reconnects with its last seq per
 * room and receives exactly what it missed, once each and in order — also while others keep sending — or a
 * reset when the gap is beyond REPLAY_LIMIT or crosses its own removal.
 */
import { assert, assertEquals } from "./assert.ts";
import { chatClient, type ChatTestClient, type Received } from "./chat_client.ts";
import { seededApp, tokenFor } from "./helpers.ts";
import { REPLAY_LIMIT } from "../services/chat/protocol.ts";
import { addMember, createChat, deleteChat, removeMember, sendMessage } from "../services/chat/rooms.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { findUserByEmail } from "../services/identity/users.ts";

const app = await seededApp();
// Started inside the test: a server that outlives or predates its test is a leak (Deno 2.5 reports it).
let server: Deno.HttpServer<Deno.NetAddr>;
let url = "";
const ref = async (account: keyof typeof DEMO_ACCOUNTS) => {
  const user = (await findUserByEmail(DEMO_ACCOUNTS[account].email))!;
  return { id: user.id, type: user.chatType };
};
const staff = await ref("staff"), prof = await ref("prof"), student = await ref("student");

/** Frames carrying `chatId`'s seqs, in arrival order. */
const seqsOf = (frames: Received[], chatId: number) =>
  frames.filter((f) => f.data.chatId === chatId && typeof f.data.seq === "number").map((f) =>
    f.data.seq as number
  );

async function waitFor(client: ChatTestClient, chatId: number, seq: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!seqsOf(client.frames, chatId).includes(seq)) {
    if (Date.now() > deadline) throw new Error(`seq ${seq} of room ${chatId} did not arrive`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function resumeAfter(missed: number, alsoLive: number) {
  const room = await createChat(prof, [staff, student], { title: `resume ${missed}` });
  const first = await chatClient(url, { token: await tokenFor("prof") });
  await first.call("getRooms", {});
  const known = (await first.next("setRooms")).rooms.find((r) => r.id === room.chatId)!;
  const lastSeq = known.seq;
  await first.close();
  let head = lastSeq;
  for (let i = 0; i < missed; i++) {
    head = (await sendMessage(staff, room.chatId, `missed ${i}`)).seq!;
  }
  const again = await chatClient(url, { token: await tokenFor("prof") });
  // Others keep sending while the replay runs: the live frames must queue behind it, not jump ahead.
  const live = (async () => {
    for (let i = 0; i < alsoLive; i++) head = (await sendMessage(student, room.chatId, `live ${i}`)).seq!;
  })();
  const answer = await again.call("resume", { rooms: { [room.chatId]: lastSeq } });
  assert(answer.ok && !answer.result.reset.includes(room.chatId), "replayed, not reset");
  await live;
  // One more message after the last: a socket's frames arrive in order, so once it is here nothing sent
  // before it (a duplicate, a late replay) can still come.
  const sentinel = (await sendMessage(staff, room.chatId, "sentinel")).seq!;
  await waitFor(again, room.chatId, sentinel);
  const seqs = seqsOf(again.frames, room.chatId).filter((seq) => seq !== sentinel);
  assertEquals(seqs, Array.from({ length: head - lastSeq }, (_, i) => lastSeq + 1 + i));
  const texts = again.frames.filter((f) => f.event === "messageReceived")
    .map((f) => (f.data.message as { text: string }).text).filter((text) => text !== "sentinel");
  assertEquals(texts.slice(0, missed), Array.from({ length: missed }, (_, i) => `missed ${i}`));
  assertEquals(texts.slice(missed), Array.from({ length: alsoLive }, (_, i) => `live ${i}`));
  // setRooms closes the resume, after the replay, with the seq this socket had been sent.
  const setRooms = again.frames.findIndex((f) => f.event === "setRooms");
  const replayedLast = again.frames.findIndex((f) =>
    f.data.chatId === room.chatId && f.data.seq === lastSeq + missed
  );
  assert(setRooms > replayedLast, "setRooms after the replay");
  const listed = (again.frames[setRooms].data.rooms as { id: number; seq: number }[]).find((r) =>
    r.id === room.chatId
  )!;
  const sentBefore = seqsOf(again.frames.slice(0, setRooms), room.chatId).at(-1);
  assertEquals(listed.seq, sentBefore);
  await again.close();
}

Deno.test("chat resume", async (t) => {
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  url = `ws://127.0.0.1:${server.addr.port}/ws/chat`;
  try {
    await t.step(
      "across 50 messages: each exactly once, in order, with live ones after",
      () => resumeAfter(50, 20),
    );
    await t.step(
      "across 500 messages: each exactly once, in order, with live ones after",
      () => resumeAfter(500, 50),
    );

    await t.step(
      "beyond REPLAY_LIMIT, unknown rooms and rooms left meanwhile: reset or removed",
      async () => {
        const far = await createChat(prof, [staff], { title: "far" });
        const unknown = await createChat(staff, [prof], { title: "unknown to the client" });
        const left = await createChat(staff, [prof], { title: "left" });
        const rejoined = await createChat(staff, [prof], { title: "rejoined" });
        for (let i = 0; i <= REPLAY_LIMIT; i++) await sendMessage(staff, far.chatId, `far ${i}`);
        await removeMember(staff, left.chatId, prof);
        await removeMember(staff, rejoined.chatId, prof);
        await sendMessage(staff, rejoined.chatId, "said while prof was out");
        await addMember(staff, rejoined.chatId, prof);
        const client = await chatClient(url, { token: await tokenFor("prof") });
        const answer = await client.call("resume", {
          rooms: { [far.chatId]: far.seq, [left.chatId]: left.seq, [rejoined.chatId]: rejoined.seq },
        });
        assert(answer.ok);
        // Rooms of the earlier steps are unknown to this client too: they are reset as well.
        const mine = new Set([far.chatId, unknown.chatId, left.chatId, rejoined.chatId]);
        const sorted = (ids: unknown[]) => ids.map(Number).filter((id) => mine.has(id)).sort((a, b) => a - b);
        assertEquals(sorted(answer.result.reset), sorted([far.chatId, unknown.chatId, rejoined.chatId]));
        const resets = client.frames.filter((f) => f.event === "reset").map((f) => f.data.chatId);
        assertEquals(sorted(resets), sorted(answer.result.reset));
        const removed = await client.next("updateChatRoom");
        assertEquals([removed.chatId, removed.room, removed.reason], [left.chatId, null, "removed"]);
        assert(removed.seq > left.seq, "news to the client");
        assertEquals(seqsOf(client.frames, rejoined.chatId), [], "nothing from while prof was out");
        const next = await sendMessage(staff, far.chatId, "after the reset");
        await waitFor(client, far.chatId, next.seq!);
        await client.close();
      },
    );

    await t.step(
      "a non-member learns nothing about a room by naming it: not its head, not that it exists",
      async () => {
        const secret = await createChat(staff, [prof], { title: "staff only" });
        await sendMessage(staff, secret.chatId, "one");
        const gone = await createChat(staff, [prof], { title: "deleted" });
        await deleteChat(staff, gone.chatId);
        const nowhere = 9_999_999;
        const client = await chatClient(url, { token: await tokenFor("student") });
        const ask = async (last: number) => {
          const answer = await client.call("resume", {
            rooms: { [secret.chatId]: last, [gone.chatId]: last, [nowhere]: last },
          });
          assert(answer.ok);
          const frames = client.frames.filter((f) => f.event === "updateChatRoom").splice(-3);
          return frames.map((f) => [f.data.seq, f.data.room, f.data.reason]);
        };
        const expected = (last: number) => Array(3).fill([last + 1, null, "removed"]);
        assertEquals(await ask(0), expected(0));
        await sendMessage(staff, secret.chatId, "the head moves");
        assertEquals(await ask(0), expected(0), "the same answer after the room's head moved");
        const codes = [];
        for (const chatId of [secret.chatId, gone.chatId, nowhere]) {
          const opened = await client.call("openChat", { chatId });
          codes.push(opened.ok ? "opened" : opened.error.code);
        }
        assertEquals(codes, ["not_found", "not_found", "not_found"]);
        await client.close();
      },
    );
  } finally {
    await server.shutdown();
  }
});

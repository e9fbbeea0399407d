/**
 * The relay (relay.ts) in both modes, on one process: a "foreign" append is written with log_commit.ts's
 * tryCommit directly, which is what another process's commit looks like here — stored, but never announced to
 * this process's hub. The socket must still get it within 1 s: by polling (local SQLite) or by kv.watch (Deploy).
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { chatClient } from "../../tests/chat_client.ts";
import { seededApp, tokenFor } from "../../tests/helpers.ts";
import type { AppendRequest, AppendResult } from "./log.ts";
import { tryCommit } from "./log_commit.ts";
import { append } from "./log.ts";
import { POLL_MS, relayStats, setRelayMode } from "./relay.ts";
import { reserveIds } from "../db/records.ts";

const app = await seededApp();
// Started inside the test: a server that outlives or predates its test is a leak (Deno 2.5 reports it).
let server: Deno.HttpServer<Deno.NetAddr>;
let url = "";
const staff = { id: 2, type: "user" as const }, prof = { id: 4, type: "prof" as const };

async function foreign(request: AppendRequest, announcesActivity: boolean): Promise<AppendResult> {
  let outcome: AppendResult | null = null;
  const item = {
    request,
    resolve: (r: AppendResult) => (outcome = r),
    reject: (e: unknown) => {
      throw e;
    },
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const by = announcesActivity ? "another process" : null;
    if (await tryCommit([{ roomId: request.roomId, items: [item] }], by, false)) break;
  }
  assert(outcome, "the foreign append committed");
  return outcome;
}

async function run(mode: "poll" | "watch") {
  setRelayMode(mode);
  const client = await chatClient(url, { token: await tokenFor("staff") });
  await client.call("getRooms", {});
  const rooms = (await client.next("setRooms")).rooms;
  const direct = rooms.find((r) => r.kind === "direct" && r.users.includes(prof.id))!;
  const started = performance.now();
  const sent = await foreign({
    roomId: direct.id,
    actor: prof,
    body: { type: "message_sent", messageType: "TEXT", text: `from elsewhere (${mode})` },
  }, mode === "poll");
  const got = await client.next("messageReceived", 1000);
  assertEquals([got.seq, got.message.text], [sent.seq, `from elsewhere (${mode})`]);
  assert(performance.now() - started < 1000);
  const roomId = await reserveIds("chat_rooms", 1);
  await foreign({
    roomId,
    actor: prof,
    body: {
      type: "room_created",
      kind: "group",
      title: `made elsewhere (${mode})`,
      members: [prof, staff],
      admins: [prof],
    },
  }, mode === "poll");
  const joined = await client.next("updateChatRoom", 1000);
  assertEquals([joined.chatId, joined.seq, joined.room?.title], [roomId, 1, `made elsewhere (${mode})`]);
  await client.close();
}

/** Poll mode: this process's own commits do not make it re-read the heads; another process's do. */
async function ownCommitsSkipped() {
  setRelayMode("poll");
  const client = await chatClient(url, { token: await tokenFor("staff") });
  await client.call("getRooms", {});
  const direct = (await client.next("setRooms")).rooms.find((r) => r.kind === "direct")!;
  const pause = () => new Promise((r) => setTimeout(r, POLL_MS * 4));
  await pause();
  const before = relayStats.headScans;
  for (let i = 0; i < 3; i++) {
    await append({
      roomId: direct.id,
      actor: staff,
      body: { type: "message_sent", messageType: "TEXT", text: `own ${i}` },
    });
    await pause();
  }
  assertEquals(relayStats.headScans, before, "own commits only");
  await foreign({
    roomId: direct.id,
    actor: prof,
    body: { type: "message_sent", messageType: "TEXT", text: "from another process" },
  }, true);
  await pause();
  assertEquals(relayStats.headScans, before + 1, "another process committed once");
  await client.close();
}

Deno.test("chat relay", async (t) => {
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  url = `ws://127.0.0.1:${server.addr.port}/ws/chat`;
  try {
    await t.step("poll mode: a process's own commits do not make it re-read the heads", ownCommitsSkipped);
    await t.step(
      "poll mode (local SQLite, several processes): a foreign append arrives within 1 s",
      () => run("poll"),
    );
    await t.step("watch mode (Deno Deploy): a foreign append arrives within 1 s", () => run("watch"));
  } finally {
    setRelayMode("poll");
    await server.shutdown();
  }
});

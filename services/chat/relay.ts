/**
 * Cross-process delivery (ARCHITECTURE §5, issue "more than one server process").
 *
 * Why not only kv.watch: on a local SQLite file, `kv.watch` sees only the writes of its own process, so two
 * server processes sharing ./data/app.kv would never hear of each other's messages. Therefore, off Deploy:
 *   1. every commit also sets its process's ["chat_activity", "events", processId], and one that adds people to
 *      a room ["chat_activity", "joins"] (blind sets, never checked, so they add no conflicts);
 *   2. every POLL_MS this process lists ["chat_activity"] (one read); only when another process's "events" key
 *      changed does it read the heads ["chat_heads", roomId] of the rooms it has sockets for (10 per getMany), and
 *      only when "joins" changed the join versions ["chat_user_version", userId] of the people it has sockets
 *      for. Its own key is skipped: a busy process alone does not re-read its heads after its own commits;
 *   3. a head beyond what the hub delivered makes the hub read the events after its last delivered seq from
 *      the log and deliver them in order (hub.ts); a changed join version makes it look for rooms the person
 *      was added to elsewhere and subscribe their sockets from the event that added them.
 * Its own appends this process delivers at once from the commit (hub.ts), so polling only carries the others'.
 * An idle process reads one key every POLL_MS; a busy one a few getMany per change, bounded by its rooms.
 *
 * On Deno Deploy (utils/env.ts onDenoDeploy) KV is shared and `kv.watch` works across isolates, so the same steps
 * 2–3 are driven by watches on the heads and join versions (≤ 10 keys per watch, re-made when the set changes)
 * instead of the poll; ["chat_activity"] is not written there.
 */
import { db, KV_LIMITS, readMany } from "../db/kv.ts";
import { frameText } from "./frames.ts";
import { connsOf, headMoved, servedRooms, servedUsers, subscribe } from "./hub.ts";
import { processId, readEvents, roomState } from "./log.ts";
import { type ChatEvent, keys } from "./model.ts";
import { loadPeople } from "./people.ts";
import { roomView } from "./views.ts";
import { onDenoDeploy } from "../../utils/env.ts";
import { logEvent } from "../operations/log.ts";

export const POLL_MS = 100;
const WATCH_REBUILD_MS = 200;
const JOIN_SCAN = 1000;

type Mode = "poll" | "watch";
let mode: Mode = onDenoDeploy() ? "watch" : "poll";
let timer: ReturnType<typeof setInterval> | undefined;
let polling = false;
let lastActivity: string | null | undefined;
let lastJoins: string | null | undefined;
const userStamps = new Map<number, string | null>();
let watched = "";
// Readers, not streams: a stream being iterated is locked, and cancelling a locked stream fails (silently, here).
let watchReaders: ReadableStreamDefaultReader<Deno.KvEntryMaybe<unknown>[]>[] = [];
/** How often the poll read the heads because another process committed (for the tests). */
export const relayStats = { headScans: 0 };

/** Tests switch to the Deploy mechanism to exercise it on one process. */
export function setRelayMode(next: Mode): void {
  stop();
  mode = next;
}

/** Starts following a person's joins; call before reading their rooms so no join falls in between. */
export async function trackUser(userId: number): Promise<void> {
  ensureRunning();
  if (userStamps.has(userId)) return;
  const entry = await db().get(keys.userVersion(userId));
  if (!userStamps.has(userId)) userStamps.set(userId, entry.versionstamp);
}

/** Called when a socket closes: forgets people without sockets and stops when nobody is left. */
export function releaseUser(userId: number): void {
  if (connsOf(userId).length === 0) userStamps.delete(userId);
  if (userStamps.size === 0) stop();
}

function ensureRunning() {
  if (timer !== undefined) return;
  const guard = (task: () => Promise<void>) => () => {
    task().catch((error) => logEvent("error", "chat_relay_failed", { error }));
  };
  timer = setInterval(
    guard(mode === "poll" ? poll : rebuildWatches),
    mode === "poll" ? POLL_MS : WATCH_REBUILD_MS,
  );
}

function stop() {
  clearInterval(timer);
  timer = undefined;
  lastActivity = lastJoins = undefined;
  cancelWatches();
  watched = "";
}

function cancelWatches() {
  for (const reader of watchReaders) reader.cancel().catch(() => {});
  watchReaders = [];
}

async function poll(): Promise<void> {
  if (polling) return;
  polling = true;
  try {
    // The other processes' activity keys (an older version's single ["chat_activity", "events"] counts too).
    let others = "", joins: string | null = null;
    for await (const entry of db().list({ prefix: ["chat_activity"] }, { consistency: "eventual" })) {
      if (entry.key[1] === "joins") joins = entry.versionstamp;
      else if (entry.key[2] !== processId) others += `${String(entry.key[2])}:${entry.versionstamp};`;
    }
    if (others !== lastActivity) {
      lastActivity = others;
      relayStats.headScans++;
      const rooms = servedRooms();
      const heads = await readMany<{ seq: number }>(rooms.map(keys.head));
      heads.forEach((head, i) => head.value && headMoved(rooms[i], head.value.seq));
    }
    if (joins !== lastJoins) {
      lastJoins = joins;
      const users = [...userStamps.keys()];
      const versions = await readMany(users.map(keys.userVersion));
      versions.forEach((entry, i) => onUserVersion(users[i], entry.versionstamp));
    }
  } finally {
    polling = false;
  }
}

function onUserVersion(userId: number, versionstamp: string | null) {
  if (!userStamps.has(userId) || userStamps.get(userId) === versionstamp) return;
  userStamps.set(userId, versionstamp);
  userJoined(userId).catch((error) => logEvent("error", "chat_relay_failed", { error }));
}

function rebuildWatches(): Promise<void> {
  const wanted = [
    ...servedRooms().map(keys.head),
    ...servedUsers().filter((u) => userStamps.has(u)).map(keys.userVersion),
  ];
  const signature = JSON.stringify(wanted);
  if (signature === watched) return Promise.resolve();
  watched = signature;
  cancelWatches();
  for (let i = 0; i < wanted.length; i += KV_LIMITS.keysPerWatch) {
    const reader = db().watch(wanted.slice(i, i + KV_LIMITS.keysPerWatch)).getReader();
    watchReaders.push(reader);
    void (async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        for (const entry of next.value) {
          if (entry.key[0] === "chat_heads") {
            const head = entry.value as { seq: number } | null;
            if (head) headMoved(entry.key[1] as number, head.seq);
          } else onUserVersion(entry.key[1] as number, entry.versionstamp);
        }
      }
    })().catch(() => {});
  }
  return Promise.resolve();
}

/** A person was added to rooms by another process: subscribe their live sockets from that event. */
async function userJoined(userId: number): Promise<void> {
  const conns = connsOf(userId).filter((c) => c.live);
  if (conns.length === 0) return;
  for await (const entry of db().list<number>({ prefix: keys.userRooms(userId) })) {
    const roomId = entry.value;
    const newcomers = conns.filter((c) => !c.rooms.has(roomId));
    if (newcomers.length === 0) continue;
    const state = await roomState(roomId);
    if (!state || state.deleted) continue;
    const joinedAt = await joinSeq(roomId, userId, state.seq);
    await loadPeople();
    for (const conn of newcomers) {
      if (joinedAt !== null) {
        void subscribe(conn, roomId, joinedAt - 1);
        continue;
      }
      conn.send(frameText("reset", { chatId: roomId, room: roomView(state, conn.user) }));
      void subscribe(conn, roomId, state.seq, state);
    }
  }
}

/** The seq of the event that last made `userId` a member, looking back at most JOIN_SCAN events. */
async function joinSeq(roomId: number, userId: number, head: number): Promise<number | null> {
  const events = await readEvents(roomId, Math.max(1, head - JOIN_SCAN + 1), head, JOIN_SCAN);
  const joins = (e: ChatEvent) =>
    (e.type === "room_created" && e.members.some((m) => m.id === userId)) ||
    (e.type === "member_added" && e.member.id === userId);
  return events.findLast(joins)?.seq ?? null;
}

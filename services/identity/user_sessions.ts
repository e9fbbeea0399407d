/**
 * A person's sessions, listed ("my devices", the cap on sessions per account). Listing them reads an index range
 * and then each session: on a local KV file that is most of what /my-devices costs. So each list read is kept, with
 * the versionstamp of the person's sessions version key, which every write of one of their sessions (opened,
 * touched, revoked: sessions.ts) sets in the same atomic. A kept list is served while that key keeps its stamp,
 * read as one key beside the page's other reads, so a change made through any process sharing the KV shows at once.
 */
import { db, type KvOp, readMany } from "../db/kv.ts";
import { keepBounded } from "../../utils/bounded_map.ts";
import type { Session } from "./sessions.ts";

/** Moved by every write of one of the user's sessions: what a kept list, or a cached identity, is checked by. */
export const sessionsVersionKey = (userId: number): Deno.KvKey => ["sessions_version", userId];

/** The write that goes into every atomic changing one of `userId`'s sessions or their index. */
export const sessionsChanged = (userId: number): KvOp & { type: "set" } => ({
  type: "set",
  key: sessionsVersionKey(userId),
  value: Date.now(),
});

const KEPT_MAX = 10_000;
/** Per KV connection: tests open fresh stores whose versionstamps repeat those of the last one. */
const keptByKv = new WeakMap<Deno.Kv, Map<number, { stamp: string; sessions: readonly Session[] }>>();

/** The ids of a user's sessions, from the index (expired ones may linger there until KV drops them). */
export async function userSids(userId: number): Promise<string[]> {
  const sids: string[] = [];
  for await (const entry of db().list<string>({ prefix: ["sessions_by_user", userId] })) {
    sids.push(entry.value);
  }
  return sids;
}

/**
 * The user's live sessions, most recently seen first. While every kept session lives, the kept list itself (frozen,
 * the same object until one of them changes), so that a page can keep what it made of it under that object.
 */
export async function listUserSessions(userId: number, now = Date.now()): Promise<readonly Session[]> {
  const kv = db();
  let kept = keptByKv.get(kv);
  if (!kept) keptByKv.set(kv, kept = new Map());
  // Read before the list: a write landing between them leaves a stamp that the next read finds moved.
  const { versionstamp: stamp } = await kv.get(sessionsVersionKey(userId));
  const held = kept.get(userId);
  let sessions = stamp !== null && held?.stamp === stamp ? held.sessions : null;
  if (!sessions) {
    sessions = await readSessions(userId);
    // Sessions written before the version key existed have none: those are read each time until one is written.
    if (stamp !== null) keepBounded(kept, userId, { stamp, sessions }, KEPT_MAX);
  }
  const live = (s: Session) => s.expiresAt === null || Date.parse(s.expiresAt) > now;
  return sessions.every(live) ? sessions : sessions.filter(live);
}

async function readSessions(userId: number): Promise<readonly Session[]> {
  const entries = await readMany<Session>((await userSids(userId)).map((sid) => ["sessions", sid]));
  const sessions = entries
    .map((e) => e.value)
    .filter((s): s is Session => s !== null)
    .sort((a, b) => (a.lastSeenAt < b.lastSeenAt ? 1 : a.lastSeenAt > b.lastSeenAt ? -1 : 0));
  // Shared by every later reader of the same list: nobody may change it.
  for (const session of sessions) Object.freeze(session);
  return Object.freeze(sessions);
}

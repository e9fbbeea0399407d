/**
 * Appending to a room's log (ARCHITECTURE §5). One append = read the head and the projection (strong) → one
 * atomic that checks the head's versionstamp and the client id's dedup key, sets the event, the head (seq + 1 and
 * the projection's part that messages move), the room record when it changed (room_records.ts) and the indexes
 * → on a conflict (another process appended first) read again and retry.
 *
 * Group commit: appends wait in a queue per room, and one loop per process commits a round of them — up to
 * ROUND's limits, from several rooms — in ONE atomic (log_commit.ts), each item validated against its room's
 * projection as the previous items left it. Writers of one process thus never conflict with each other
 * (50 concurrent writers do not retry 50 times), and a busy server pays one commit per round rather than one per
 * message. Rejected items fail alone; a conflict with another process retries room by room.
 */
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { type Committed, itemCost, type Pending, type RoomBatch, tryCommit } from "./log_commit.ts";
import { type ChatEvent, type ChatEventBody, keys, type RoomState } from "./model.ts";
import { readRooms } from "./room_records.ts";
import type { MemberRef } from "./protocol.ts";
import { onDenoDeploy } from "../../utils/env.ts";
import { logEvent } from "../operations/log.ts";

export interface AppendRequest {
  roomId: number;
  body: ChatEventBody;
  actor: MemberRef;
  /** The client's id for this action: a resend with the same id returns the original seq. */
  clientId?: string;
  /**
   * For a room's creation: keys that must still be free and are set to the room id in the same atomic (the
   * direct pair ["chat_direct", a, b]; the creator's client id). A taken one refuses the append with 409
   * `claimed` and `params.roomId` naming the room that holds it.
   */
  claims?: Claim[];
  /** The event's time, for the demo history only (services/seed/chat.ts); otherwise the commit's. */
  at?: string;
}

export interface Claim {
  key: Deno.KvKey;
  expireIn?: number;
}

export interface AppendResult {
  /** The event's seq; for a resend the original's; null when nothing was appended (a read cursor already there). */
  seq: number | null;
  duplicate: boolean;
  event?: ChatEvent;
}

export type CommitListener = (roomId: number, events: ChatEvent[], state: RoomState) => void;

/** Limits of one commit round (KV: ≤ 100 checks, ≤ 1000 mutations, ≤ 800 KiB per atomic). */
const ROUND = { rooms: 80, checks: 90, mutations: 900, bytes: 700_000, perRoom: 32 };
/** A room's state record, on the safe side (it grows with members: ~80 bytes each, 100 at most). */
const ROOM_BYTES = 8_000;
/** Tries of one round (db/retry.ts): a busy room of many processes loses many races before it gives up. */
const ATTEMPTS = 200;
/** A round of several rooms that lost a race: its rooms go on one by one. */
const SPLIT = Symbol("split");

/** Waiting appends per room, in arrival order; rooms in the order they got work. */
const pending = new Map<number, Pending[]>();
const listeners = new Set<CommitListener>();
/** Rooms whose round is being committed: their next items wait, so a room's events commit in order. */
const inFlight = new Set<number>();
/** Rounds committing at once: while SQLite writes one, the next (other rooms) is read and planned. */
const MAX_LOOPS = 2;
let loops = 0;

/** Called after every commit of this process, in seq order per room. */
export function onCommitted(listener: CommitListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This process, in the activity key of its commits (relay.ts skips its own). */
export const processId = crypto.randomUUID();
/**
 * Off Deno Deploy, processes learn of each other's appends by polling ["chat_activity"] (relay.ts): each commit
 * sets this process's key there.
 */
const activityBy = onDenoDeploy() ? null : processId;

export function append(request: AppendRequest): Promise<AppendResult> {
  return new Promise((resolve, reject) => {
    const queue = pending.get(request.roomId);
    if (queue) queue.push({ request, resolve, reject });
    else pending.set(request.roomId, [{ request, resolve, reject }]);
    if (loops < MAX_LOOPS) void commitLoop();
  });
}

/**
 * Up to MAX_LOOPS loops per process: while appends of rooms not in flight wait, commit a round of them
 * (several rooms) in one atomic. Rounds of different loops never share a room.
 */
async function commitLoop() {
  loops++;
  try {
    for (let round = takeRound(); round.length > 0; round = takeRound()) {
      for (const batch of round) inFlight.add(batch.roomId);
      try {
        await commitRound(round);
      } catch (error) {
        for (const batch of round) for (const item of batch.items) item.reject(error);
      } finally {
        for (const batch of round) inFlight.delete(batch.roomId);
      }
    }
  } finally {
    loops--;
  }
  // Items of a room that was in flight when this loop looked may be waiting with no loop left.
  if (loops === 0 && pending.size > 0) void commitLoop();
}

/** Takes waiting appends, room by room, until a limit of one atomic would be passed. */
function takeRound(): RoomBatch[] {
  const round: RoomBatch[] = [];
  let checks = 0, mutations = 0, bytes = 0;
  // A snapshot: a room moved to the back below must not come round again in this round.
  for (const [roomId, queue] of [...pending]) {
    if (round.length >= ROUND.rooms) break;
    if (inFlight.has(roomId)) continue;
    const roomChecks = 1, roomMutations = 5;
    if (round.length > 0 && (checks + roomChecks > ROUND.checks || bytes + ROOM_BYTES > ROUND.bytes)) break;
    const items: Pending[] = [];
    checks += roomChecks;
    mutations += roomMutations;
    bytes += ROOM_BYTES;
    for (const item of queue) {
      const cost = itemCost(item.request);
      const fits = checks + cost.checks <= ROUND.checks && mutations + cost.mutations <= ROUND.mutations &&
        bytes + cost.bytes <= ROUND.bytes && items.length < ROUND.perRoom;
      if (!fits && (items.length > 0 || round.length > 0)) break;
      items.push(item);
      checks += cost.checks;
      mutations += cost.mutations;
      bytes += cost.bytes;
    }
    if (items.length === 0) break;
    queue.splice(0, items.length);
    // A room with more waiting goes to the back of the line, so one busy room cannot starve the others.
    pending.delete(roomId);
    if (queue.length > 0) pending.set(roomId, queue);
    round.push({ roomId, items });
  }
  return round;
}

async function commitRound(round: RoomBatch[]): Promise<void> {
  const committed = await untilCommitted(async (attempt) => {
    const committed = await tryCommit(round, activityBy, attempt === 1);
    // Another process wrote one of these rooms first: several rooms go on alone, so one contended room does
    // not hold back the others; a single room tries again.
    return committed ?? (round.length > 1 ? SPLIT : RETRY);
  }, { attempts: ATTEMPTS });
  if (committed !== SPLIT) return notify(committed);
  for (const batch of round) {
    await commitRound([batch]).catch((error) => batch.items.forEach((item) => item.reject(error)));
  }
}

function notify(committed: Committed[]) {
  for (const { roomId, events, state } of committed) {
    for (const listener of listeners) {
      try {
        listener(roomId, events, state);
      } catch (error) {
        logEvent("error", "chat_commit_listener_failed", { error });
      }
    }
  }
}

/** Events `from`..`to` (inclusive; `to` omitted: to the end) of a room, in order, at most `limit`. */
export async function readEvents(
  roomId: number,
  from: number,
  to?: number,
  limit = 1000,
): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  const selector = {
    start: keys.event(roomId, Math.max(1, from)),
    end: to === undefined ? [...keys.events(roomId), Number.MAX_SAFE_INTEGER] : keys.event(roomId, to + 1),
  };
  for await (const entry of db().list<ChatEvent>(selector, { limit, batchSize: Math.min(limit, 500) })) {
    events.push(entry.value);
  }
  return events;
}

export async function headOf(roomId: number): Promise<number> {
  return (await db().get<{ seq: number }>(keys.head(roomId))).value?.seq ?? 0;
}

export async function roomState(roomId: number): Promise<RoomState | null> {
  return (await readRooms([roomId]))[0];
}

/**
 * One commit of the log (ARCHITECTURE §5): for each room in the round, read the head and the projection
 * (strong), the dedup keys of the client ids and the claimed keys; validate each item against the projection
 * as the previous items left it; then ONE atomic that checks every head's versionstamp and every claim
 * (absent), and sets the events, heads, changed room records (room_records.ts), dedup keys, claims and the
 * per-person room index.
 * A dedup key read from KV needs no check of its own: it is only written with its room's head, which is
 * checked; a first attempt that trusts this process's cache checks the new client ids' keys absent instead of
 * reading them. Nothing is resolved before the commit succeeds.
 */
import { AppError } from "../../utils/errors.ts";
import { db, readMany } from "../db/kv.ts";
import {
  headRecord,
  readStoredRooms,
  roomRecord,
  roomRecordChanged,
  type StoredRoom,
} from "./room_records.ts";
import type { AppendRequest, AppendResult, Claim } from "./log.ts";
import { ACTIVITY_KEEP_MS, type ChatEvent, DEDUP_KEEP_MS, keys, type RoomState } from "./model.ts";
import { project } from "./projection.ts";
import { indexChanges, messageTails } from "./log_derived.ts";
import { checkEvent } from "./rules.ts";

export interface Pending {
  request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export interface RoomBatch {
  roomId: number;
  items: Pending[];
}

type Outcome =
  | { kind: "ok"; event: ChatEvent }
  | { kind: "same"; seq: number | null }
  | { kind: "refused"; error: unknown };

interface Plan {
  batch: RoomBatch;
  before: RoomState | null;
  state: RoomState | null;
  events: ChatEvent[];
  outcomes: Outcome[];
  /** Claims of accepted items, with their read entries. */
  claims: { claim: Claim; entry: Deno.KvEntryMaybe<number> }[];
}

export interface Committed {
  roomId: number;
  events: ChatEvent[];
  state: RoomState;
}

/**
 * What this process last committed per room: the projection and the versionstamp its head got. A first attempt
 * trusts it instead of reading — the atomic checks that very versionstamp on the head, so a stale guess only
 * fails the commit, and the retry reads.
 */
const committedRooms = new Map<number, { kv: Deno.Kv; versionstamp: string; state: RoomState }>();
const CACHE_MAX = 20_000;

/** Reads a round's projections: from this process's last commit when `trusted`, else from KV. */
async function roomEntries(kv: Deno.Kv, batches: RoomBatch[], trusted: boolean): Promise<StoredRoom[]> {
  const cached = batches.map((b) => (trusted ? committedRooms.get(b.roomId) : undefined)).map((c) =>
    c?.kv === kv ? c : undefined
  );
  const read = await readStoredRooms(batches.filter((_, i) => !cached[i]).map((b) => b.roomId));
  let next = 0;
  return batches.map((b, i): StoredRoom => {
    const hit = cached[i];
    if (!hit) return read[next++];
    return {
      head: { key: keys.head(b.roomId), value: null, versionstamp: hit.versionstamp },
      state: hit.state,
    };
  });
}

/**
 * One attempt for all `batches`: null when another writer got in first (nothing written; try again, with
 * `trusted` false), else the rooms whose events were written. Items are resolved or rejected only on success.
 */
export async function tryCommit(
  batches: RoomBatch[],
  /** The process whose activity key the commit sets (null: none, on Deno Deploy). */
  activityBy: string | null,
  trusted: boolean,
): Promise<Committed[] | null> {
  if (new Set(batches.map((b) => b.roomId)).size !== batches.length) {
    throw new Error("a room twice in one round");
  }
  const kv = db();
  const items = batches.flatMap((b) => b.items.map((p) => ({ roomId: b.roomId, request: p.request })));
  // Trusted: the dedup keys are checked absent in the atomic instead of read (the cheaper way to the common
  // answer); a resend fails that check, and the retry reads them.
  const dedupKeys = trusted ? [] : [
    ...new Set(
      items.flatMap((i) =>
        i.request.clientId ? [JSON.stringify([i.roomId, i.request.actor.id, i.request.clientId])] : []
      ),
    ),
  ];
  const claims = items.flatMap((i) => i.request.claims ?? []);
  const [rooms, dedup, claimed] = await Promise.all([
    roomEntries(kv, batches, trusted),
    readMany<number>(dedupKeys.map((k) => keys.dedup(...(JSON.parse(k) as [number, number, string])))),
    readMany<number>(claims.map((c) => c.key)),
  ]);
  const known = new Map(dedupKeys.map((k, i) => [k, dedup[i]?.value ?? null]));
  const at = new Date().toISOString();
  const tails = await messageTails(kv, batches, rooms);
  const plans = batches.map((batch, b) =>
    plan(
      batch,
      rooms[b].state,
      {
        known,
        claimed: (claim) => claimed[claims.indexOf(claim)],
        at,
        tail: tails.get(batch.roomId) ?? [],
      },
    )
  );
  const atomic = kv.atomic();
  let writes = false;
  plans.forEach((p, b) => {
    if (p.events.length === 0 || !p.state) return;
    writes = true;
    const roomId = p.batch.roomId;
    // The head is checked: only appends write a room's head, room record and dedup keys, always with the head.
    // (So a dedup key read on an untrusted attempt needs no check of its own.)
    atomic.check(rooms[b].head);
    for (const { claim, entry } of p.claims) {
      atomic.check(entry).set(claim.key, roomId, claim.expireIn ? { expireIn: claim.expireIn } : undefined);
    }
    for (const event of p.events) {
      atomic.set(keys.event(roomId, event.seq), event);
      if (event.clientId) {
        const key = keys.dedup(roomId, event.actor.id, event.clientId);
        if (trusted) atomic.check({ key, versionstamp: null });
        atomic.set(key, event.seq, { expireIn: DEDUP_KEEP_MS });
      }
    }
    atomic.set(keys.head(roomId), headRecord(p.state));
    if (roomRecordChanged(p.before, p.state)) atomic.set(keys.room(roomId), roomRecord(p.state));
    indexChanges(p.before, p.state, atomic, activityBy !== null);
  });
  if (writes) {
    if (activityBy) atomic.set(keys.activity(activityBy), Date.now(), { expireIn: ACTIVITY_KEEP_MS });
    const result = await atomic.commit();
    if (!result.ok) {
      for (const b of batches) committedRooms.delete(b.roomId);
      return null;
    }
    if (committedRooms.size > CACHE_MAX) committedRooms.clear();
    for (const p of plans) {
      if (p.events.length && p.state) {
        committedRooms.set(p.batch.roomId, { kv, versionstamp: result.versionstamp, state: p.state });
      }
    }
  }
  for (const p of plans) {
    p.batch.items.forEach((item, i) => {
      const outcome = p.outcomes[i];
      if (outcome.kind === "ok") {
        item.resolve({ seq: outcome.event.seq, duplicate: false, event: outcome.event });
      } else if (outcome.kind === "same") item.resolve({ seq: outcome.seq, duplicate: outcome.seq !== null });
      else item.reject(outcome.error);
    });
  }
  return plans.flatMap((
    p,
  ) => (p.events.length && p.state ? [{ roomId: p.batch.roomId, events: p.events, state: p.state }] : []));
}

function plan(
  batch: RoomBatch,
  room: RoomState | null,
  reads: {
    known: Map<string, number | null>;
    claimed(claim: Claim): Deno.KvEntryMaybe<number>;
    at: string;
    /** [seq, author] of the messages after the lowest partial read cursor of this round (see messageTails). */
    tail: [number, number][];
  },
): Plan {
  const tail = [...reads.tail];
  const result: Plan = { batch, before: room, state: room, events: [], outcomes: [], claims: [] };
  const inBatch = new Map<string, number>();
  for (const { request } of batch.items) {
    const { clientId, body, actor } = request;
    const dedupKey = clientId ? JSON.stringify([batch.roomId, actor.id, clientId]) : "";
    const earlier = clientId ? reads.known.get(dedupKey) ?? inBatch.get(dedupKey) : undefined;
    if (earlier !== null && earlier !== undefined) {
      result.outcomes.push({ kind: "same", seq: earlier });
      continue;
    }
    try {
      const taken = (request.claims ?? []).map((c) => reads.claimed(c)).find((e) => e.value !== null);
      if (taken) throw new AppError(409, "claimed", "errors.conflict", { params: { roomId: taken.value! } });
      const state = result.state;
      checkEvent(state, body, actor);
      if (body.type === "messages_seen" && state && (state.cursors.get(actor.id) ?? 0) >= body.upTo) {
        result.outcomes.push({ kind: "same", seq: null });
        continue;
      }
      const event = {
        ...body,
        roomId: batch.roomId,
        seq: (state?.seq ?? 0) + 1,
        actor,
        at: request.at ?? reads.at,
      } as ChatEvent;
      if (event.type === "message_sent") tail.push([event.seq, actor.id]);
      if (event.type === "messages_seen" && state?.lastMessage && event.upTo < state.lastMessage.id) {
        event.unread = tail.filter(([seq, author]) => seq > event.upTo && author !== actor.id).length;
      }
      if (clientId) {
        event.clientId = clientId;
        inBatch.set(dedupKey, event.seq);
      }
      result.state = project(state, event);
      result.events.push(event);
      result.outcomes.push({ kind: "ok", event });
      for (const claim of request.claims ?? []) result.claims.push({ claim, entry: reads.claimed(claim) });
    } catch (error) {
      result.outcomes.push({ kind: "refused", error });
    }
  }
  return result;
}

/** What an item adds to an atomic, for sizing a round within KV's limits (rough, on the safe side). */
export function itemCost(request: AppendRequest): { checks: number; mutations: number; bytes: number } {
  const body = request.body;
  const joins = body.type === "room_created" ? body.members.length : body.type === "member_added" ? 1 : 0;
  const claims = request.claims?.length ?? 0;
  return {
    checks: (request.clientId ? 1 : 0) + claims,
    mutations: 2 + claims + joins * 2,
    bytes: (body.type === "message_sent" ? body.text.length * 3 : 500) + 300 + joins * 100,
  };
}

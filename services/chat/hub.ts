/**
 * The in-process hub (ARCHITECTURE §5 "Delivery"): per room a channel follows the log in seq order — from this
 * process's commits at once, from other processes' via relay.ts — applies each event to its in-memory
 * projection and fans the frame out to the sockets of the room's current members, serialized once per share
 * key (frames.ts).
 *
 * Exactly once, in order: every socket keeps, per room, the highest seq it was sent. An event at sent + 1 is
 * sent at once; one further ahead means the socket missed some (it subscribed from an older view, or is
 * resuming), so it catches up from the log first, queueing live events meanwhile; one at or below is skipped.
 * Membership decides subscription: a socket is subscribed to a room only while its person is a member, from
 * the event that made them one; the event that removes them is the last one they get.
 */
import { headOf, onCommitted, readEvents, roomState } from "./log.ts";
import type { ChatEvent, RoomState } from "./model.ts";
import { loadPeople } from "./people.ts";
import { endsFor, eventFrame, shareKey } from "./frames.ts";
import { project } from "./projection.ts";
import type { MemberRef } from "./protocol.ts";
import { logEvent } from "../operations/log.ts";

export interface HubConn {
  user: MemberRef;
  /** Sends an already serialized frame (a closed socket ignores it). */
  send(text: string): void;
  /** Set once the socket has its rooms (getRooms or resume): only then does it join new rooms live. */
  live: boolean;
  rooms: Map<number, ConnRoom>;
  /** Set by `detach`: a late subscription (after an await elsewhere) must not bring it back. */
  closed?: boolean;
}

export interface ConnRoom {
  sent: number;
  /** Live events that arrived while the socket was catching up from the log (null: not catching up). */
  backlog: ChatEvent[] | null;
}

interface Channel {
  roomId: number;
  state: RoomState | null;
  delivered: number;
  ready: Promise<void>;
  pending: Map<number, ChatEvent>;
  /** The highest seq known to exist (from commits and heads). */
  want: number;
  /** The room after this process's last commit to it: delivering that commit's last event takes it as is. */
  committed: RoomState | null;
  conns: Set<HubConn>;
  pumping: boolean;
  dirty: boolean;
}

const channels = new Map<number, Channel>();
const connsByUser = new Map<number, Set<HubConn>>();
/** Frames sent by the hub (for the benchmark and health). */
export const hubStats = { frames: 0 };

export function attach(conn: HubConn): void {
  let set = connsByUser.get(conn.user.id);
  if (!set) connsByUser.set(conn.user.id, set = new Set());
  set.add(conn);
}

export function detach(conn: HubConn): void {
  conn.closed = true;
  connsByUser.get(conn.user.id)?.delete(conn);
  if (connsByUser.get(conn.user.id)?.size === 0) connsByUser.delete(conn.user.id);
  for (const roomId of [...conn.rooms.keys()]) unsubscribe(conn, roomId);
}

export const servedRooms = () => [...channels.keys()];
export const servedUsers = () => [...connsByUser.keys()];
export const connsOf = (userId: number) => [...(connsByUser.get(userId) ?? [])];
export const isSubscribed = (conn: HubConn, roomId: number) => conn.rooms.has(roomId);
/** The hub's copy of a room it follows, at the last seq it delivered (null: not followed here). */
export const followedState = (roomId: number) => channels.get(roomId)?.state ?? null;

function channelFor(roomId: number, known?: RoomState): Channel {
  let ch = channels.get(roomId);
  if (ch) return ch;
  const created: Channel = {
    roomId,
    state: known ?? null,
    delivered: known?.seq ?? 0,
    want: known?.seq ?? 0,
    committed: null,
    ready: Promise.resolve(),
    pending: new Map(),
    conns: new Set(),
    pumping: false,
    dirty: false,
  };
  if (!known) {
    created.ready = roomState(roomId).then((state) => {
      created.state = state;
      created.delivered = state?.seq ?? 0;
      created.want = Math.max(created.want, created.delivered);
    });
  }
  channels.set(roomId, ch = created);
  return ch;
}

/**
 * Subscribes `conn` to a room whose events up to `sent` it already has; anything newer the channel has
 * delivered is caught up from the log. `known`: the room's state, when the caller just read it.
 */
export async function subscribe(
  conn: HubConn,
  roomId: number,
  sent: number,
  known?: RoomState,
): Promise<void> {
  if (conn.closed) return;
  const ch = channelFor(roomId, known);
  ch.conns.add(conn);
  const entry: ConnRoom = { sent, backlog: null };
  conn.rooms.set(roomId, entry);
  await ch.ready;
  if (conn.rooms.get(roomId) === entry && ch.delivered > entry.sent && !entry.backlog) {
    entry.backlog = [];
    await catchUp(conn, ch, entry);
  }
}

export function unsubscribe(conn: HubConn, roomId: number): void {
  conn.rooms.delete(roomId);
  const ch = channels.get(roomId);
  if (!ch) return;
  ch.conns.delete(conn);
  if (ch.conns.size === 0) channels.delete(roomId);
}

/** Another process appended: the room's head is now at least `seq`. */
export function headMoved(roomId: number, seq: number): void {
  const ch = channels.get(roomId);
  if (!ch || seq <= ch.want) return;
  ch.want = seq;
  void pump(ch);
}

/** This process committed `events` (in seq order), leaving the room in `state`. */
function committed(roomId: number, events: ChatEvent[], state: RoomState): void {
  const ch = channels.get(roomId);
  if (ch) {
    for (const e of events) if (e.seq > ch.delivered) ch.pending.set(e.seq, e);
    ch.want = Math.max(ch.want, state.seq);
    ch.committed = state;
    void pump(ch);
    return;
  }
  // No socket here follows the room yet: people who just joined it start at the event that added them.
  for (const e of events) {
    const joined = e.type === "room_created" ? e.members : e.type === "member_added" ? [e.member] : [];
    for (const member of joined) {
      for (const conn of connsOf(member.id)) {
        if (conn.live && !conn.rooms.has(roomId)) void subscribe(conn, roomId, e.seq - 1, state);
      }
    }
  }
}

async function pump(ch: Channel): Promise<void> {
  ch.dirty = true;
  if (ch.pumping) return;
  ch.pumping = true;
  try {
    await ch.ready;
    await loadPeople();
    while (ch.dirty) {
      ch.dirty = false;
      for (;;) {
        const next = ch.pending.get(ch.delivered + 1);
        if (next) {
          ch.pending.delete(next.seq);
          deliver(ch, next);
          continue;
        }
        if (ch.want <= ch.delivered) break;
        const missing = await readEvents(ch.roomId, ch.delivered + 1, ch.want, 500);
        if (missing.length === 0 || missing[0].seq !== ch.delivered + 1) break;
        for (const e of missing) ch.pending.set(e.seq, e);
      }
      for (const seq of ch.pending.keys()) if (seq <= ch.delivered) ch.pending.delete(seq);
    }
  } catch (error) {
    logEvent("error", "chat_hub_failed", { roomId: ch.roomId, error });
  } finally {
    ch.pumping = false;
  }
}

function deliver(ch: Channel, e: ChatEvent): void {
  // The appender folded the same events from the same state: its result needs no second fold.
  ch.state = ch.committed?.seq === e.seq ? ch.committed : project(ch.state, e);
  if (ch.committed && ch.committed.seq <= e.seq) ch.committed = null;
  ch.delivered = e.seq;
  const state = ch.state;
  const joined = e.type === "room_created" ? e.members : e.type === "member_added" ? [e.member] : [];
  for (const member of joined) {
    for (const conn of connsOf(member.id)) {
      if (!conn.live || conn.closed || conn.rooms.has(ch.roomId)) continue;
      conn.rooms.set(ch.roomId, { sent: e.seq - 1, backlog: null });
      ch.conns.add(conn);
    }
  }
  const texts = new Map<string, string>();
  // No copy: nothing below adds to ch.conns before its first await, and a Set iterates on past deletions.
  for (const conn of ch.conns) {
    const entry = conn.rooms.get(ch.roomId);
    if (!entry) continue;
    if (entry.backlog) {
      entry.backlog.push(e);
      continue;
    }
    if (e.seq <= entry.sent) continue;
    if (e.seq > entry.sent + 1) {
      entry.backlog = [e];
      void catchUp(conn, ch, entry);
      continue;
    }
    const key = shareKey(e, conn.user);
    let text = texts.get(key);
    if (text === undefined) texts.set(key, text = eventFrame(e, state, conn.user));
    sendEvent(conn, ch, entry, e, text);
  }
}

function sendEvent(conn: HubConn, ch: Channel, entry: ConnRoom, e: ChatEvent, text: string): void {
  conn.send(text);
  hubStats.frames++;
  entry.sent = e.seq;
  if (endsFor(e, conn.user)) unsubscribe(conn, ch.roomId);
}

/** Sends `conn` the events after its `sent` from the log, then the live ones that queued meanwhile. */
async function catchUp(conn: HubConn, ch: Channel, entry: ConnRoom): Promise<void> {
  try {
    await loadPeople();
    while (conn.rooms.get(ch.roomId) === entry) {
      const queued = (entry.backlog ?? []).filter((e) => e.seq > entry.sent).sort((a, b) => a.seq - b.seq);
      entry.backlog = queued;
      const target = Math.max(ch.delivered, queued.at(-1)?.seq ?? 0);
      if (entry.sent >= target) break;
      if (queued[0]?.seq === entry.sent + 1) {
        const e = queued.shift()!;
        sendEvent(conn, ch, entry, e, eventFrame(e, ch.state!, conn.user));
        continue;
      }
      const upTo = queued[0] ? queued[0].seq - 1 : target;
      const events = await readEvents(ch.roomId, entry.sent + 1, upTo, 500);
      if (events.length === 0 || events[0].seq !== entry.sent + 1) break;
      for (const e of events) {
        if (conn.rooms.get(ch.roomId) !== entry || e.seq !== entry.sent + 1) break;
        sendEvent(conn, ch, entry, e, eventFrame(e, ch.state!, conn.user));
      }
    }
  } catch (error) {
    logEvent("error", "chat_hub_catch_up_failed", { roomId: ch.roomId, error });
  } finally {
    entry.backlog = null;
  }
}

/** The room's head as the log has it (for a socket that subscribes from an older view). */
export { headOf };

onCommitted(committed);

/**
 * The real-time user channel at `/ws/user` (API.md "WebSockets", SPEC §4). Frames are JSON
 * `{ event, data, id? }`. A socket is authenticated by the session cookie on upgrade or by an `auth` frame
 * carrying a token (answered `AuthSuccess`); after `subscribe` it receives
 * `{ event: "event", data: { action: "checkUserNotification" } }` whenever a notification for its user is
 * created; `logout` closes it. Unauthenticated sockets are closed after 5 s, revoked sessions' sockets at once.
 * Frames are small: one over USER_CHANNEL_FRAME_BYTES (or binary) closes the socket with 1009, and a socket that
 * keeps sending bad frames (bad JSON, unknown events) is closed with 4002 after MAX_REFUSED_FRAMES, as the
 * chat's is.
 *
 * Cross-process delivery: local `kv.watch` does not see writes of other processes on the same KV file, so
 * every process polls `["notification_version", userId]` — written in the same atomic as each notification —
 * for the users it has sockets for, every 500 ms, with one getMany per 10 users. A changed versionstamp means
 * "something new": the process pushes to that user's sockets. Notifications created in this process are
 * pushed at once (onNotificationCreated) and their versionstamp recorded, so the poll does not push twice.
 * Revocations: watchRevocations — this process's at once, the other processes' within 5 s.
 */
import { db, KV_LIMITS } from "../db/kv.ts";
import { onNotificationCreated, versionKey } from "./mod.ts";
import { watchRevocations } from "../identity/sessions.ts";
import { socketsGoingAway } from "../operations/open_sockets.ts";
import {
  FRAME_CLOSE_CODES,
  frameOver,
  MAX_REFUSED_FRAMES,
  USER_CHANNEL_FRAME_BYTES,
} from "../../utils/socket_frames.ts";
import { logEvent } from "../operations/log.ts";

export const POLL_MS = 500;
export const REVOCATION_CHECK_MS = 5_000;
export const AUTH_TIMEOUT_MS = 5_000;
/** Closes a socket that keeps sending bad frames (the chat's code for the same, services/chat/protocol.ts). */
const MISBEHAVING = 4002;

export interface ChannelIdentity {
  userId: number;
  sid: string;
}

interface Client {
  socket: WebSocket;
  identity: ChannelIdentity | null;
  subscribed: boolean;
}

const clients = new Set<Client>();
/** Last versionstamp of each watched user's version key (null: the key does not exist yet). */
const seen = new Map<number, string | null>();
let pollTimer: ReturnType<typeof setInterval> | undefined;
let unsubscribes: (() => void)[] = [];

const send = (client: Client, event: string, data: unknown = {}, id?: unknown) => {
  if (client.socket.readyState !== WebSocket.OPEN || socketsGoingAway()) return;
  client.socket.send(JSON.stringify(id === undefined ? { event, data } : { event, data, id }));
};

function pushToUser(userId: number) {
  for (const client of clients) {
    if (client.subscribed && client.identity?.userId === userId) {
      send(client, "event", { action: "checkUserNotification" });
    }
  }
}

async function pollVersions() {
  const users = [...seen.keys()];
  for (let i = 0; i < users.length; i += KV_LIMITS.keysPerGetMany) {
    const batch = users.slice(i, i + KV_LIMITS.keysPerGetMany);
    const entries = await db().getMany(batch.map(versionKey), { consistency: "eventual" });
    entries.forEach((entry, j) => {
      const userId = batch[j];
      if (!seen.has(userId)) return; // the user's last socket closed meanwhile
      if (seen.get(userId) !== entry.versionstamp) {
        seen.set(userId, entry.versionstamp);
        pushToUser(userId);
      }
    });
  }
}

function closeSessions(sids: string[]) {
  const revoked = new Set(sids);
  for (const c of clients) {
    if (c.identity && revoked.has(c.identity.sid)) c.socket.close(4001, "session revoked");
  }
}

/** The loop runs only while sockets are open, so tests and idle processes hold no timers. */
function startLoops() {
  if (pollTimer !== undefined) return;
  const guard = (task: () => Promise<void>) => () =>
    task().catch((error) => logEvent("error", "user_channel_failed", { error }));
  pollTimer = setInterval(guard(pollVersions), POLL_MS);
  unsubscribes = [
    watchRevocations(closeSessions, REVOCATION_CHECK_MS),
    onNotificationCreated((userId, versionstamp) => {
      if (!seen.has(userId)) return;
      seen.set(userId, versionstamp);
      pushToUser(userId);
    }),
  ];
}

function stopLoopsWhenIdle() {
  if (clients.size > 0 || pollTimer === undefined) return;
  clearInterval(pollTimer);
  pollTimer = undefined;
  unsubscribes.forEach((off) => off());
  unsubscribes = [];
}

async function watchUser(userId: number) {
  if (seen.has(userId)) return;
  // Start from the current state: only what is created from now on is news.
  const entry = await db().get(versionKey(userId));
  if (!seen.has(userId)) seen.set(userId, entry.versionstamp);
}

function forgetUserIfUnused(userId: number) {
  for (const c of clients) if (c.identity?.userId === userId) return;
  seen.delete(userId);
}

/**
 * Runs the protocol on an upgraded socket. `initial` is the identity from the cookie (null if none);
 * `authenticate` resolves a token sent in an `auth` frame.
 */
export function attachUserSocket(
  socket: WebSocket,
  initial: ChannelIdentity | null,
  authenticate: (token: string) => Promise<ChannelIdentity | null>,
): void {
  const client: Client = { socket, identity: null, subscribed: false };
  clients.add(client);
  startLoops();
  const accept = async (identity: ChannelIdentity) => {
    client.identity = identity;
    await watchUser(identity.userId);
  };
  const ready = initial ? accept(initial) : Promise.resolve();
  const timeout = setTimeout(() => {
    if (!client.identity) socket.close(4000, "authentication required");
  }, AUTH_TIMEOUT_MS);

  let refusals = 0;
  const closeOnce = (code: number, reason: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
  };
  const refuse = (code: string, id?: unknown) => {
    send(client, "error", { code }, id);
    if (++refusals > MAX_REFUSED_FRAMES) closeOnce(MISBEHAVING, "too many refused frames");
  };
  socket.onmessage = async (message) => {
    if (socketsGoingAway()) return; // the process is closing its sockets (services/operations/open_sockets.ts)
    if (typeof message.data !== "string" || frameOver(message.data, USER_CHANNEL_FRAME_BYTES)) {
      return closeOnce(FRAME_CLOSE_CODES.tooBig, "frame too large");
    }
    await ready;
    let frame: { event?: unknown; data?: unknown; id?: unknown };
    try {
      frame = JSON.parse(message.data);
    } catch {
      return refuse("bad_json");
    }
    if (typeof frame !== "object" || frame === null) return refuse("bad_json");
    const data = (frame.data ?? {}) as { token?: unknown };
    switch (frame.event) {
      case "auth": {
        const identity = typeof data.token === "string" && data.token
          ? await authenticate(data.token)
          : client.identity;
        if (!identity) return send(client, "AuthError", { code: "unauthorized" }, frame.id);
        await accept(identity);
        return send(client, "AuthSuccess", { userId: identity.userId }, frame.id);
      }
      case "subscribe":
        if (!client.identity) return send(client, "AuthError", { code: "unauthorized" }, frame.id);
        client.subscribed = true;
        return send(client, "subscribed", { channel: `user.${client.identity.userId}` }, frame.id);
      case "logout":
        return socket.close(1000, "logout");
      case "ping":
        return send(client, "pong", {}, frame.id);
      default:
        return refuse("unknown_event", frame.id);
    }
  };
  socket.onclose = () => {
    clearTimeout(timeout);
    clients.delete(client);
    if (client.identity) forgetUserIfUnused(client.identity.userId);
    stopLoopsWhenIdle();
  };
  socket.onerror = () => {};
}

/** How many sockets this process holds (for tests and health). */
export function openSocketCount(): number {
  return clients.size;
}

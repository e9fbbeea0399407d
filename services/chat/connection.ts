/**
 * One chat socket's life (protocol.ts "Connection"): welcome, authentication within AUTH_TIMEOUT_MS, the frame
 * cap, refusal of unknown events and malformed data, callbacks, ping/pong, and closing at once — before any
 * further frame — when the session is revoked (in this process through onSessionsRevoked, from others through the
 * revocation feed, polled every `timings.revocationCheck`). Events of one socket are handled one after the other, in order.
 */
import { validationError } from "../../utils/validation_error.ts";
import { AppError, errorBody } from "../../utils/errors.ts";
import { translatorFor } from "../languages/i18n.ts";
import { watchRevocations } from "../identity/sessions.ts";
import { socketsGoingAway } from "../operations/open_sockets.ts";
import { getUser } from "../identity/users.ts";
import type { Lang } from "../../utils/i18n.ts";
import {
  FRAME_CLOSE_CODES,
  frameOver,
  MAX_REFUSED_FRAMES,
  UNAUTHENTICATED_FRAME_BYTES,
} from "../../utils/socket_frames.ts";
import { CLIENT_SCHEMAS } from "./client_schemas.ts";
import { frameText } from "./frames.ts";
import { HANDLERS } from "./handlers.ts";
import { attach, detach, type HubConn } from "./hub.ts";
import { chatUser, getChatSettings, refOf } from "./people.ts";
import {
  AUTH_TIMEOUT_MS,
  CLIENT_EVENTS,
  type ClientEventName,
  CLOSE_CODES,
  type ErrorInfo,
  MAX_FRAME_BYTES,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
} from "./protocol.ts";
import { releaseUser, trackUser } from "./relay.ts";
import { chargeChat, type ChatRateKind } from "./rate_limit.ts";
import { logEvent } from "../operations/log.ts";

export interface ChatIdentity {
  userId: number;
  sid: string;
}

export interface ChatSocketOptions {
  /** The identity of the upgrade's session cookie, or null. */
  initial: ChatIdentity | null;
  /** Resolves a token sent in `auth`. */
  authenticate(token: string): Promise<ChatIdentity | null>;
  lang: Lang;
}

/**
 * Events whose handler appends without awaiting anything first: the socket does not wait for their commit
 * before handling its next frame (the log keeps their order), so a burst of messages is one commit, not many.
 */
const PIPELINED = new Set<ClientEventName>(["sendMessage", "seenChat"]);
/** Events counted against the person's chat rate limits (rate_limit.ts), before their handler runs. */
const RATED: Partial<Record<ClientEventName, ChatRateKind>> = {
  sendMessage: "messages",
  fileUploadFinish: "messages",
  createChat: "rooms",
  addMemberToChat: "memberChanges",
  removeMemberFromChat: "memberChanges",
};
const REFUSAL_KEYS: Record<string, string> = {
  bad_json: "chat.errors.badJson",
  unknown_event: "chat.errors.unknownEvent",
  frame_too_large: "chat.errors.frameTooLarge",
};
/** Tests shorten these. */
export const timings = {
  auth: AUTH_TIMEOUT_MS,
  ping: PING_INTERVAL_MS,
  pongTimeout: PONG_TIMEOUT_MS,
  revocationCheck: 2_000,
};

interface Session {
  socket: WebSocket;
  identity: ChatIdentity | null;
  conn: HubConn | null;
}

const sessions = new Set<Session>();
let stopWatching: (() => void) | undefined;

function cut(session: Session, code: number, reason: string) {
  if (session.conn) detach(session.conn); // nothing more reaches it, even before the close completes
  session.conn = null;
  session.identity = null;
  try {
    session.socket.close(code, reason);
  } catch {
    // already closing
  }
}

function closeRevoked(sids: Iterable<string>) {
  const revoked = new Set(sids);
  for (const s of sessions) {
    if (s.identity && revoked.has(s.identity.sid)) cut(s, CLOSE_CODES.revoked, "revoked");
  }
}

function watchRevocationsWhileOpen() {
  stopWatching ??= watchRevocations(closeRevoked, timings.revocationCheck);
}

function stopWatchingWhenIdle() {
  if (sessions.size > 0) return;
  stopWatching?.();
  stopWatching = undefined;
}

export function attachChatSocket(socket: WebSocket, opts: ChatSocketOptions): void {
  const session: Session = { socket, identity: null, conn: null };
  const t = translatorFor(opts.lang);
  sessions.add(session);
  watchRevocationsWhileOpen();
  let refusals = 0;
  // When the oldest ping not yet answered went out (null: none is waiting). A client is late only once it was
  // asked: counting from the socket's start closed one whose first ping went out late, on a loaded server.
  let unansweredSince: number | null = null;
  let queue = Promise.resolve();
  const send = (text: string) => {
    // Quiet while the process closes its sockets (services/operations/open_sockets.ts says why).
    if (socket.readyState === WebSocket.OPEN && !socketsGoingAway()) socket.send(text);
  };
  const info = (error: unknown): ErrorInfo => {
    if (error instanceof AppError) return errorBody(error, t).error;
    logEvent("error", "chat_socket_failed", { error });
    return { code: "internal", message: t("errors.internal") };
  };
  const refuse = (code: keyof typeof REFUSAL_KEYS, event?: string, id?: number) => {
    const error = { code, message: t(REFUSAL_KEYS[code]) };
    send(
      id === undefined
        ? frameText("error", { ...error, event })
        : frameText("callback", { eventId: id, ok: false, error }),
    );
    if (++refusals > MAX_REFUSED_FRAMES) cut(session, CLOSE_CODES.misbehaving, "too many refused frames");
  };

  const authTimer = setTimeout(() => {
    if (!session.conn) cut(session, CLOSE_CODES.unauthenticated, "authentication required");
  }, timings.auth);
  const pingTimer = setInterval(() => {
    if (unansweredSince !== null && Date.now() - unansweredSince > timings.pongTimeout) {
      return cut(session, CLOSE_CODES.noPong, "no pong");
    }
    if (socket.readyState !== WebSocket.OPEN || socketsGoingAway()) return; // not asked, so not waited for
    send(frameText("ping", { t: Date.now() }));
    unansweredSince ??= Date.now();
  }, timings.ping);

  async function authenticate(token: string | undefined, id: number | undefined) {
    // Authenticated already: a repeated auth changes nothing (a socket never switches person).
    if (session.conn) return answer(id, { user: await chatUser(session.conn.user.id) });
    const identity = token ? await opts.authenticate(token) : opts.initial;
    const user = identity ? await getUser(identity.userId) : null;
    if (!identity || !user || user.disabled) {
      send(frameText("auth_error", { code: "unauthorized" }));
      return answer(id, undefined, { code: "unauthorized", message: t("errors.unauthorized") });
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    const conn: HubConn = { user: refOf(user), send, live: false, rooms: new Map() };
    session.identity = identity;
    session.conn = conn;
    attach(conn);
    await trackUser(user.id);
    const [profile, userSettings] = await Promise.all([chatUser(user.id), getChatSettings(user.id)]);
    send(frameText("auth_success", { user: profile!, userSettings }));
    answer(id, { user: profile });
  }

  function answer(id: number | undefined, result: unknown, error?: ErrorInfo) {
    if (id === undefined) return;
    send(
      frameText("callback", error ? { eventId: id, ok: false, error } : { eventId: id, ok: true, result }),
    );
  }

  async function handle(raw: string) {
    let frame: { event?: unknown; data?: unknown; id?: unknown };
    try {
      frame = JSON.parse(raw);
      if (!frame || typeof frame !== "object" || Array.isArray(frame)) throw new SyntaxError("not an object");
    } catch {
      return refuse("bad_json");
    }
    const id = typeof frame.id === "number" && Number.isSafeInteger(frame.id) ? frame.id : undefined;
    const event = frame.event as ClientEventName;
    if (typeof event !== "string" || !CLIENT_EVENTS.includes(event)) {
      return refuse("unknown_event", String(frame.event).slice(0, 40), id);
    }
    const parsed = CLIENT_SCHEMAS[event].safeParse(frame.data ?? {});
    if (!parsed.success) {
      const error = info(validationError(parsed.error.issues, frame.data));
      send(
        id === undefined
          ? frameText("error", { ...error, event })
          : frameText("callback", { eventId: id, ok: false, error }),
      );
      return;
    }
    if (event === "pong") {
      unansweredSince = null;
      return;
    }
    if (event === "auth") return await authenticate((parsed.data as { token?: string }).token, id);
    const conn = session.conn;
    if (!conn) {
      send(frameText("auth_error", { code: "unauthorized" }));
      return answer(id, undefined, { code: "unauthorized", message: t("errors.unauthorized") });
    }
    const fail = (error: unknown) => {
      if (session.conn !== conn) return;
      const failure = info(error);
      if (id === undefined) send(frameText("error", { ...failure, event }));
      else answer(id, undefined, failure);
    };
    // Counted here, in the socket's order, so that pipelined messages keep theirs.
    const rated = RATED[event];
    if (rated) {
      try {
        await chargeChat(conn.user.id, rated);
      } catch (error) {
        return fail(error);
      }
    }
    const handler = HANDLERS[event] as (ctx: unknown, data: unknown) => Promise<unknown>;
    const done = handler({ conn, me: conn.user }, parsed.data).then(
      (result) => session.conn === conn && answer(id, result),
      fail,
    );
    // These queue their append synchronously, so the next frame may start at once without overtaking them.
    if (!PIPELINED.has(event)) await done;
  }

  socket.onopen = () => send(frameText("welcome", { serverTime: new Date().toISOString() }));
  socket.onmessage = (message) => {
    if (socketsGoingAway()) return; // never acknowledged: the client sends it again after it reconnects
    if (typeof message.data !== "string") return refuse("bad_json");
    // Before sign-in only a small `auth` frame makes sense: a larger one ends the socket at once.
    if (!session.conn && frameOver(message.data, UNAUTHENTICATED_FRAME_BYTES)) {
      return cut(session, FRAME_CLOSE_CODES.tooBig, "frame too large before sign-in");
    }
    if (frameOver(message.data, MAX_FRAME_BYTES)) return refuse("frame_too_large");
    const raw = message.data;
    queue = queue.then(() => handle(raw)).catch((error) =>
      logEvent("error", "chat_socket_failed", { error })
    );
  };
  socket.onclose = () => {
    clearTimeout(authTimer);
    clearInterval(pingTimer);
    const userId = session.conn?.user.id;
    if (session.conn) detach(session.conn);
    session.conn = null;
    sessions.delete(session);
    if (userId !== undefined) releaseUser(userId);
    stopWatchingWhenIdle();
  };
  socket.onerror = () => {};
}

/** Open chat sockets of this process. */
export const chatSocketCount = () => sessions.size;

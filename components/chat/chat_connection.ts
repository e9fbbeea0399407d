/**
 * The widget's WebSocket to `/ws/chat` (protocol: services/chat/protocol.ts). On `welcome` it authenticates
 * (the HttpOnly session cookie went with the upgrade, so `auth` carries no token); after `auth_success` a first
 * connection asks `getRooms`, a reconnection sends `resume` with the last seq per room, so the server replays
 * exactly what was missed. `ping` is answered with `pong`. A dropped socket shows "connecting" and retries
 * with growing, jittered pauses; a refused session (4000, 4001, auth_error) stops for good.
 *
 * Requests with a `clientId` (sends, uploads, new chats) are idempotent on the server, so they stay queued
 * across a disconnect and are sent again after the resume until a callback confirms them: a message typed
 * while the network is down is delivered once it is back, and never twice.
 */
import {
  type CallbackResults,
  CHAT_SOCKET_PATH,
  type ClientEventName,
  type ClientEvents,
  CLOSE_CODES,
  type ServerEvents,
  type ServerFrame,
} from "../../services/chat/protocol.ts";
import type { ChatStore } from "./chat_store.ts";
import { reconnectDelay } from "./timing.ts";

/** The parts of a WebSocket used here (a fake one stands in for tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface ConnectionOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  /** How long a request without clientId waits for its callback. */
  timeoutMs?: number;
}

export class RequestError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "RequestError";
  }
}

interface Pending {
  event: ClientEventName;
  data: unknown;
  /** Idempotent requests survive a reconnect. */
  durable: boolean;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
}

const OPEN = 1;

export class ChatConnection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Authenticated and rooms known: requests may go out. */
  private ready = false;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private readonly opts: Required<Omit<ConnectionOptions, "url">> & { url?: string };

  constructor(private store: ChatStore, opts: ConnectionOptions = {}) {
    this.opts = {
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      timeoutMs: 15_000,
      ...opts,
    };
  }

  start() {
    if (this.socket || this.store.state.status === "signedOut") return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    this.socket?.close();
    this.socket = null;
  }

  /** Reconnects now instead of waiting out the pause (the browser says it is online again). */
  wake() {
    if (this.socket || this.stopped || this.store.state.status === "signedOut") return;
    clearTimeout(this.retry);
    this.open();
  }

  /** Sends a client event and resolves with its callback's result. */
  request<E extends ClientEventName>(event: E, data: ClientEvents[E]): Promise<CallbackResults[E]> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const durable = typeof (data as { clientId?: unknown }).clientId === "string";
      const entry: Pending = { event, data, durable, resolve: resolve as (r: unknown) => void, reject };
      if (!durable) {
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new RequestError("timeout", "timeout"));
        }, this.opts.timeoutMs);
      }
      this.pending.set(id, entry);
      if (this.ready) this.transmit(id, entry);
    });
  }

  /** A client event without a callback (lost if the socket is down: only for what a resume makes up for). */
  notify<E extends ClientEventName>(event: E, data: ClientEvents[E]) {
    if (this.ready) this.write({ event, data });
  }

  private transmit(id: number, entry: Pending) {
    this.write({ event: entry.event, data: entry.data, id });
  }

  private write(frame: { event: string; data: unknown; id?: number }) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private open() {
    this.store.update({ status: "connecting" });
    const url = this.opts.url ??
      `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${CHAT_SOCKET_PATH}`;
    const socket = this.opts.createSocket(url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.handle(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost(event.code);
    };
  }

  private handle(frame: ServerFrame) {
    switch (frame.event) {
      case "welcome":
        this.write({ event: "auth", data: {} });
        return;
      case "auth_success": {
        const { user, userSettings } = frame.data as ServerEvents["auth_success"];
        this.attempt = 0;
        const resuming = this.store.state.roomsLoaded;
        this.store.update({ me: user, settings: userSettings });
        if (resuming) {
          this.write({ event: "resume", data: { rooms: Object.fromEntries(this.store.lastSeq) } });
        } else this.write({ event: "getRooms", data: {} });
        return;
      }
      case "auth_error":
        this.store.update({ status: "signedOut" });
        this.stop();
        return;
      case "ping":
        this.write({ event: "pong", data: {} });
        return;
      case "callback": {
        const data = frame.data as ServerEvents["callback"];
        const entry = this.pending.get(data.eventId);
        if (!entry) return;
        this.pending.delete(data.eventId);
        clearTimeout(entry.timer);
        if (data.ok) entry.resolve(data.result);
        else entry.reject(new RequestError(data.error.code, data.error.message));
        return;
      }
      case "error":
        return;
      case "setRooms":
        this.store.apply(frame);
        if (!this.ready) {
          // Rooms are known and live events flow: now the queued requests go out, in order.
          this.ready = true;
          this.store.update({ status: "online" });
          for (const [id, entry] of this.pending) this.transmit(id, entry);
        }
        return;
      default:
        this.store.apply(frame);
    }
  }

  private lost(code: number) {
    this.ready = false;
    // Requests that cannot be repeated safely fail now; idempotent ones wait for the next connection.
    for (const [id, entry] of this.pending) {
      if (entry.durable) continue;
      this.pending.delete(id);
      clearTimeout(entry.timer);
      entry.reject(new RequestError("network", "network"));
    }
    if (code === CLOSE_CODES.unauthenticated || code === CLOSE_CODES.revoked) {
      this.store.update({ status: "signedOut" });
      return;
    }
    if (this.stopped) return;
    this.store.update({ status: "connecting" });
    this.retry = setTimeout(() => this.open(), reconnectDelay(this.attempt++, this.opts.random));
  }
}

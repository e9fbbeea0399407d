/**
 * A small chat socket client for tests and the benchmark: frames in order, callbacks by id, waits with timeouts.
 * Every frame it sends and receives is checked against the server's published AsyncAPI document
 * (tests/asyncapi_frames.ts): a frame the document does not allow fails the send, or the next wait and close.
 */
import type {
  CallbackResults,
  ClientEventName,
  ClientEvents,
  ErrorInfo,
  ServerEventName,
  ServerEvents,
} from "../services/chat/protocol.ts";
import { frameChecker } from "./asyncapi_frames.ts";

export interface Received {
  event: ServerEventName;
  data: Record<string, unknown>;
  id?: number;
}

export interface ChatTestClient {
  socket: WebSocket;
  frames: Received[];
  closed: Promise<CloseEvent>;
  send<E extends ClientEventName>(event: E, data: ClientEvents[E], id?: number): void;
  sendRaw(text: string): void;
  /** Sends with an id and resolves with the callback (ok or not). */
  call<E extends ClientEventName>(
    event: E,
    data: ClientEvents[E],
  ): Promise<{ ok: true; result: CallbackResults[E] } | { ok: false; error: ErrorInfo }>;
  /** As `call`, for a frame that breaks the protocol on purpose (the document is not asked about it). */
  callUnchecked(event: string, data: unknown): Promise<{ ok: false; error: ErrorInfo }>;
  /** Frames received that the published document does not allow. */
  violations: string[];
  /** The next frame named `event` (earlier frames of other names stay queued), within `ms`. */
  next<E extends ServerEventName>(event: E, ms?: number): Promise<ServerEvents[E]>;
  /** Resolves true when no frame named `event` arrives within `ms`. */
  quiet(event: ServerEventName, ms: number): Promise<boolean>;
  close(): Promise<void>;
}

let ids = 0;

export async function chatClient(
  url: string,
  opts: { token?: string; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<ChatTestClient> {
  // Deno accepts `{ headers }` as the second argument (for the cookie of an upgrade); its types do not say so.
  // Read before the socket opens: its first frame would otherwise arrive with nobody listening.
  const checker = await frameChecker(url);
  const socket = new WebSocket(
    url,
    (opts.headers ? { headers: opts.headers } : undefined) as unknown as string[],
  );
  const frames: Received[] = [];
  const violations: string[] = [];
  /** The event each pending call's id was sent with, to check its callback against that event's reply. */
  const calls = new Map<number, string>();
  const waiters = new Set<() => void>();
  socket.onmessage = (m) => {
    const frame = JSON.parse(String(m.data)) as Received;
    const answering = frame.event === "callback" ? calls.get(Number(frame.data.eventId)) : undefined;
    const problem = checker.problem("server", frame, answering);
    if (problem) violations.push(problem);
    frames.push(frame);
    for (const wake of [...waiters]) wake();
  };
  const checkedText = (frame: { event: string; data: unknown; id?: number }) => {
    const problem = checker.problem("client", frame);
    if (problem) throw new Error(`a frame the AsyncAPI document does not allow: ${problem}`);
    return JSON.stringify(frame);
  };
  const noViolations = () => {
    if (violations.length) {
      throw new Error(`frames the AsyncAPI document does not allow:\n${violations.join("\n")}`);
    }
  };
  const closed = new Promise<CloseEvent>((resolve) => (socket.onclose = resolve));
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const take = (match: (f: Received) => boolean, ms: number) =>
    new Promise<Received>((resolve, reject) => {
      noViolations();
      const look = () => {
        const index = frames.findIndex(match);
        if (index < 0) return false;
        waiters.delete(look);
        clearTimeout(timer);
        resolve(frames.splice(index, 1)[0]);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(
          new Error(`no matching frame within ${ms} ms; queued: ${frames.map((f) => f.event).join(",")}`),
        );
      }, ms);
      if (!look()) waiters.add(look);
    });
  const client: ChatTestClient = {
    socket,
    frames,
    closed,
    violations,
    send: (event, data, id) =>
      socket.send(checkedText(id === undefined ? { event, data } : { event, data, id })),
    sendRaw: (text) => socket.send(text),
    async call(event, data) {
      const id = ++ids;
      socket.send(checkedText({ event, data, id }));
      calls.set(id, event);
      const frame = await take((f) => f.event === "callback" && f.data.eventId === id, 5000);
      return frame.data as never;
    },
    async callUnchecked(event, data) {
      const id = ++ids;
      socket.send(JSON.stringify({ event, data, id }));
      const frame = await take((f) => f.event === "callback" && f.data.eventId === id, 5000);
      return frame.data as never;
    },
    async next(event, ms = 3000) {
      return (await take((f) => f.event === event, ms)).data as never;
    },
    async quiet(event, ms) {
      try {
        await take((f) => f.event === event, ms);
        return false;
      } catch {
        return true;
      }
    },
    async close() {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
      await closed;
      noViolations();
    },
  };
  await client.next("welcome");
  if (opts.auth !== false && (opts.token || opts.headers)) {
    const answer = await client.call("auth", opts.token ? { token: opts.token } : {});
    if (!answer.ok) throw new Error(`auth failed: ${answer.error.code}`);
    await client.next("auth_success");
  }
  return client;
}

/** A small chat socket client for tests and the benchmark: frames in order, callbacks by id, waits with timeouts. */
import type {
  CallbackResults,
  ClientEventName,
  ClientEvents,
  ErrorInfo,
  ServerEventName,
  ServerEvents,
} from "../services/chat/protocol.ts";

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
  const socket = new WebSocket(
    url,
    (opts.headers ? { headers: opts.headers } : undefined) as unknown as string[],
  );
  const frames: Received[] = [];
  const waiters = new Set<() => void>();
  socket.onmessage = (m) => {
    frames.push(JSON.parse(String(m.data)));
    for (const wake of [...waiters]) wake();
  };
  const closed = new Promise<CloseEvent>((resolve) => (socket.onclose = resolve));
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const take = (match: (f: Received) => boolean, ms: number) =>
    new Promise<Received>((resolve, reject) => {
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
    send: (event, data, id) =>
      socket.send(JSON.stringify(id === undefined ? { event, data } : { event, data, id })),
    sendRaw: (text) => socket.send(text),
    async call(event, data) {
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

/**
 * The socket fleets of the chat benchmark (bench/chat.ts): SOCKETS client sockets in ROOMS rooms on the app or
 * on the bare broadcast server, behind one small interface.
 *
 * The load generator runs in LOAD_THREADS worker threads (chat_load_worker.ts), each with the sockets of a share
 * of the rooms. One thread holding all thousand sockets served them unevenly: frames sat unread in its
 * sockets' kernel buffers for up to 150 ms while its event loop kept turning, so in the bare broadcast one room
 * got 18 messages through in a round and another 418, and both servers' p99 measured the load generator.
 */
import type { ServerHandle } from "./server.ts";

export const SOCKETS = 1000, ROOMS = 100;
const LOAD_THREADS = 2;

/** A room as one load thread holds it. */
export interface LoadRoom {
  /** Its place among all rooms (for staggering the fixed rate). */
  index: number;
  /** The app's chat id, or the bare server's room. */
  id: number;
  members: number;
  /** The app: a session token per member, the sender first. */
  tokens?: string[];
}

export type LoadCommand =
  | { type: "open"; kind: "app" | "bare"; url: string; rooms: LoadRoom[] }
  | { type: "closedLoop"; seconds: number; window: number }
  | { type: "fixedRate"; seconds: number; rate: number; totalRooms: number }
  | { type: "close" };

export type LoadReply =
  | { type: "opened" | "closed" }
  | { type: "measured"; latencies: Float64Array; sent: number }
  | { type: "failed"; message: string };

/** What the threads measured together: every delivery's latency (ms) and how many messages were sent. */
export interface Measurement {
  latencies: Float64Array;
  sent: number;
}

export interface Fleet {
  /** In each room `window` messages in flight (the next when the sender's own comes back), for `seconds`. */
  closedLoop(seconds: number, window: number): Promise<Measurement>;
  /** `rate` messages per second per room, staggered over the rooms, for `seconds`; waits for stragglers. */
  fixedRate(seconds: number, rate: number): Promise<Measurement>;
  close(): Promise<void>;
}

function ask(thread: Worker, command: LoadCommand): Promise<LoadReply> {
  return new Promise((resolve, reject) => {
    thread.onmessage = (m: MessageEvent<LoadReply>) => {
      if (m.data.type === "failed") reject(new Error(`chat load thread: ${m.data.message}`));
      else resolve(m.data);
    };
    thread.onerror = (e) => reject(new Error(`chat load thread: ${e.message}`));
    thread.postMessage(command);
  });
}

async function startFleet(kind: "app" | "bare", url: string, rooms: LoadRoom[]): Promise<Fleet> {
  const threads = Array.from(
    { length: LOAD_THREADS },
    () => new Worker(new URL("./chat_load_worker.ts", import.meta.url), { type: "module" }),
  );
  const share = Math.ceil(rooms.length / LOAD_THREADS);
  try {
    await Promise.all(
      threads.map((t, k) =>
        ask(t, { type: "open", kind, url, rooms: rooms.slice(k * share, (k + 1) * share) })
      ),
    );
  } catch (error) {
    threads.forEach((t) => t.terminate());
    throw error;
  }
  const measure = async (command: LoadCommand): Promise<Measurement> => {
    const parts = (await Promise.all(threads.map((t) => ask(t, command)))) as Extract<
      LoadReply,
      { type: "measured" }
    >[];
    const latencies = new Float64Array(parts.reduce((n, p) => n + p.latencies.length, 0));
    let offset = 0;
    for (const p of parts) {
      latencies.set(p.latencies, offset);
      offset += p.latencies.length;
    }
    return { latencies, sent: parts.reduce((n, p) => n + p.sent, 0) };
  };
  return {
    closedLoop: (seconds, window) => measure({ type: "closedLoop", seconds, window }),
    fixedRate: (seconds, rate) => measure({ type: "fixedRate", seconds, rate, totalRooms: rooms.length }),
    async close() {
      await Promise.all(threads.map((t) => ask(t, { type: "close" })));
      threads.forEach((t) => t.terminate());
    },
  };
}

export async function appFleet(server: ServerHandle): Promise<Fleet> {
  const setup = await (await fetch(`${server.origin}/__chat_bench`)).json() as {
    tokens: string[];
    rooms: { id: number; members: number[] }[];
  };
  const rooms = setup.rooms.map((room, index): LoadRoom => ({
    index,
    id: room.id,
    members: room.members.length,
    tokens: room.members.map((person) => setup.tokens[person]),
  }));
  return await startFleet("app", `${server.origin.replace("http", "ws")}/ws/chat`, rooms);
}

export async function bareFleet(server: ServerHandle): Promise<Fleet> {
  const rooms = Array.from(
    { length: ROOMS },
    (_, index): LoadRoom => ({ index, id: index, members: SOCKETS / ROOMS }),
  );
  return await startFleet("bare", server.origin.replace("http", "ws"), rooms);
}

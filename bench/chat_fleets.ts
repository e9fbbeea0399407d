/**
 * The socket fleets of the chat benchmark (bench/chat.ts): SOCKETS client sockets in ROOMS rooms on the app
 * (/ws/chat: auth, getRooms, sendMessage) or on the bare broadcast server, behind one small interface.
 * Deliveries are recognised by one regular expression (the send time in the text) on both alike.
 */
import type { ServerHandle } from "./server.ts";

export const SOCKETS = 1000, ROOMS = 100;
const STAMP = /"b:(\d+(?:\.\d+)?)/;
/** The bare server's frame: as large as the app's messageReceived (member, seen state, time). */
const barePadding = "x".repeat(330);
const noop = () => {};
const PING = '{"event":"ping"', PONG = JSON.stringify({ event: "pong", data: {} });

export interface Fleet {
  /** Sends one stamped message in room `r` from its first member. */
  send(r: number, stamp: number): void;
  /** Called for every delivery: room, whether the receiver is the sender, latency. */
  onDelivery: (r: number, own: boolean, ms: number) => void;
  close(): void;
}

async function openSockets(count: number, open: (i: number) => Promise<WebSocket>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    sockets.push(
      ...await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j))),
    );
  }
  return sockets;
}

function untilFrame(socket: WebSocket, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within 20 s`)), 20_000);
    socket.onmessage = (m) => {
      if (pattern.test(String(m.data))) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
}

const opened = (socket: WebSocket) =>
  new Promise<WebSocket>((resolve, reject) => {
    socket.onopen = () => resolve(socket);
    socket.onerror = () => reject(new Error("socket failed to open"));
  });

export async function appFleet(server: ServerHandle): Promise<Fleet> {
  const setup = await (await fetch(`${server.origin}/__chat_bench`)).json() as {
    tokens: string[];
    rooms: { id: number; members: number[] }[];
  };
  const roomOf = new Map<number, number>();
  setup.rooms.forEach((room, r) => room.members.forEach((m) => roomOf.set(m, r)));
  const url = `${server.origin.replace("http", "ws")}/ws/chat`;
  const fleet: Fleet = { send: noop, onDelivery: noop, close: noop };
  const sockets = await openSockets(setup.tokens.length, async (i) => {
    const socket = await opened(new WebSocket(url));
    const ready = untilFrame(socket, /^\{"event":"setRooms"/);
    socket.send(JSON.stringify({ event: "auth", data: { token: setup.tokens[i] } }));
    socket.send(JSON.stringify({ event: "getRooms", data: {} }));
    await ready;
    const r = roomOf.get(i)!;
    const own = setup.rooms[r].members[0] === i;
    socket.onmessage = (m) => {
      const text = String(m.data);
      const stamp = STAMP.exec(text);
      if (stamp) fleet.onDelivery(r, own, performance.now() - Number(stamp[1]));
      // As the widget does: a socket that leaves pings unanswered is closed after PONG_TIMEOUT_MS.
      else if (text.startsWith(PING)) socket.send(PONG);
    };
    return socket;
  });
  let ids = 0;
  fleet.send = (r, stamp) => {
    const room = setup.rooms[r];
    sockets[room.members[0]].send(JSON.stringify({
      event: "sendMessage",
      data: { chatId: room.id, text: `b:${stamp}`, clientId: `b${++ids}` },
    }));
  };
  fleet.close = () => sockets.forEach((s) => s.close());
  return fleet;
}

export async function bareFleet(server: ServerHandle): Promise<Fleet> {
  const url = server.origin.replace("http", "ws");
  const fleet: Fleet = { send: noop, onDelivery: noop, close: noop };
  const perRoom = SOCKETS / ROOMS;
  const sockets = await openSockets(SOCKETS, async (i) => {
    const socket = await opened(new WebSocket(url));
    const r = Math.floor(i / perRoom);
    socket.send(JSON.stringify({ join: r }));
    const own = i % perRoom === 0;
    socket.onmessage = (m) => {
      const stamp = STAMP.exec(String(m.data));
      if (stamp) fleet.onDelivery(r, own, performance.now() - Number(stamp[1]));
    };
    return socket;
  });
  await new Promise((r) => setTimeout(r, 200)); // the joins are fire-and-forget
  fleet.send = (r, stamp) =>
    sockets[r * perRoom].send(JSON.stringify({
      event: "messageReceived",
      data: { chatId: r, seq: 0, message: { text: `b:${stamp}`, padding: barePadding } },
    }));
  fleet.close = () => sockets.forEach((s) => s.close());
  return fleet;
}

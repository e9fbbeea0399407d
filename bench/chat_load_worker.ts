/**
 * One thread of the chat benchmark's load generator (chat_fleets.ts): the sockets of some rooms, on the app
 * (/ws/chat: auth, getRooms, sendMessage) or on the bare broadcast server, and the measurements on them, run on
 * command. A room's sender and members are all in one thread, so a send time and its deliveries are read on
 * the same clock. Deliveries are recognised by one regular expression (the send time in the text) on both alike.
 */
import type { LoadCommand, LoadReply, LoadRoom } from "./chat_fleets.ts";

const STAMP = /"b:(\d+(?:\.\d+)?)/;
const PING = '{"event":"ping"', PONG = JSON.stringify({ event: "pong", data: {} });
/** The bare server's frame: as large as the app's messageReceived (member, seen state, time). */
const barePadding = "x".repeat(330);
const clientPrefix = crypto.randomUUID().slice(0, 8);

let kind: "app" | "bare" = "app";
let rooms: LoadRoom[] = [];
/** Per room here, its members' sockets; the first is the sender. */
let socketsOf: WebSocket[][] = [];
let onDelivery: (r: number, own: boolean, ms: number) => void = () => {};
let ids = 0;

// This module runs as a worker: its global posts to the thread that made it (the DOM types call it a window).
const parent = self as unknown as { postMessage(message: unknown, transfer: Transferable[]): void };
const reply = (message: LoadReply, transfer: Transferable[] = []) => parent.postMessage(message, transfer);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(r: number) {
  const text = `b:${performance.now()}`;
  socketsOf[r][0].send(JSON.stringify(
    kind === "app"
      ? { event: "sendMessage", data: { chatId: rooms[r].id, text, clientId: `${clientPrefix}${++ids}` } }
      : {
        event: "messageReceived",
        data: { chatId: rooms[r].id, seq: 0, message: { text, padding: barePadding } },
      },
  ));
}

function untilFrame(socket: WebSocket, prefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${prefix} within 20 s`)), 20_000);
    socket.onmessage = (m) => {
      if (String(m.data).startsWith(prefix)) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
}

async function openSocket(url: string, r: number, member: number): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error("socket failed to open"));
  });
  if (kind === "app") {
    const ready = untilFrame(socket, '{"event":"setRooms"');
    socket.send(JSON.stringify({ event: "auth", data: { token: rooms[r].tokens![member] } }));
    socket.send(JSON.stringify({ event: "getRooms", data: {} }));
    await ready;
  } else {
    socket.send(JSON.stringify({ join: rooms[r].id }));
  }
  const own = member === 0;
  socket.onmessage = (m) => {
    const text = String(m.data);
    const stamp = STAMP.exec(text);
    if (stamp) onDelivery(r, own, performance.now() - Number(stamp[1]));
    // As the widget does: a socket that leaves pings unanswered is closed after PONG_TIMEOUT_MS.
    else if (text.startsWith(PING)) socket.send(PONG);
  };
  return socket;
}

/** Closed loop: `window` messages in flight per room for `seconds`; the deliveries until the end count. */
async function closedLoop(seconds: number, window: number) {
  const latencies: number[] = [];
  let sent = 0, running = true;
  onDelivery = (r, own, ms) => {
    latencies.push(ms);
    if (own && running) {
      sent++;
      send(r);
    }
  };
  for (let r = 0; r < rooms.length; r++) for (let w = 0; w < window; w++) send(r);
  await sleep(seconds * 1000);
  running = false;
  const counted = Float64Array.from(latencies);
  await sleep(500); // the last ones drain before the next round
  onDelivery = () => {};
  reply({ type: "measured", latencies: counted, sent }, [counted.buffer]);
}

/** Open loop: `rate` messages per second per room, staggered over all rooms; waits for the stragglers. */
async function fixedRate(seconds: number, rate: number, totalRooms: number) {
  const latencies: number[] = [];
  onDelivery = (_r, _own, ms) => latencies.push(ms);
  const period = 1000 / rate;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let sent = 0;
  rooms.forEach((room, r) => {
    timers.push(setTimeout(() => {
      timers.push(setInterval(() => {
        sent++;
        send(r);
      }, period));
    }, (room.index * period) / totalRooms));
  });
  await sleep(seconds * 1000);
  timers.forEach((t) => clearInterval(t));
  await sleep(1000);
  onDelivery = () => {};
  const counted = Float64Array.from(latencies);
  reply({ type: "measured", latencies: counted, sent }, [counted.buffer]);
}

self.onmessage = async (m: MessageEvent<LoadCommand>) => {
  const command = m.data;
  try {
    switch (command.type) {
      case "open": {
        kind = command.kind;
        rooms = command.rooms;
        socketsOf = rooms.map(() => []);
        // A hundred sockets at a time: a thousand handshakes at once time out on a small machine.
        const all = rooms.flatMap((room, r) =>
          Array.from({ length: room.members }, (_, member) => [r, member])
        );
        for (let i = 0; i < all.length; i += 100) {
          const opened = await Promise.all(
            all.slice(i, i + 100).map(([r, mem]) => openSocket(command.url, r, mem)),
          );
          opened.forEach((socket, j) => (socketsOf[all[i + j][0]][all[i + j][1]] = socket));
        }
        if (kind === "bare") await sleep(200); // the joins are fire-and-forget
        return reply({ type: "opened" });
      }
      case "closedLoop":
        return await closedLoop(command.seconds, command.window);
      case "fixedRate":
        return await fixedRate(command.seconds, command.rate, command.totalRooms);
      case "close":
        socketsOf.flat().forEach((s) => s.close());
        return reply({ type: "closed" });
    }
  } catch (error) {
    reply({ type: "failed", message: String(error) });
  }
};

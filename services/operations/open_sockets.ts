/**
 * The WebSockets this process holds (chat and user channel), so that a shutdown can close them all with 1001
 * ("going away": the clients reconnect, to another process or the restarted one, and resume) and telemetry can
 * count them. Each socket leaves the set when it closes.
 *
 * Why a shutdown first falls quiet: Deno's server socket, once closing, drops the connection as soon as the client's
 * next data frame arrives, even when its own close frame is still queued behind what it was sending. The client then
 * sees the connection cut with no close code instead of 1001. So the sockets' owners stop sending and stop handling
 * frames (`socketsGoingAway`), and each socket is closed once nothing has arrived from its client for a moment and
 * nothing is left to write. A frame ignored then was never acknowledged, so the client sends it again after it
 * reconnects.
 */
export type SocketKind = "chat" | "user";

const open = new Map<WebSocket, SocketKind>();
const lastFrameAt = new WeakMap<WebSocket, number>();
let goingAway = false;

export function trackSocket(socket: WebSocket, kind: SocketKind): void {
  open.set(socket, kind);
  socket.addEventListener("message", () => lastFrameAt.set(socket, performance.now()));
  socket.addEventListener("close", () => open.delete(socket));
}

export function openSocketCounts(): Record<SocketKind, number> {
  const counts = { chat: 0, user: 0 };
  for (const kind of open.values()) counts[kind]++;
  return counts;
}

/** True once this process has begun closing its sockets: nothing more is sent on them or handled from them. */
export const socketsGoingAway = () => goingAway;

export const GOING_AWAY = 1001;
/** A client answering a frame sent just before the quiet began has this long for its answer to arrive. */
const QUIET_MS = 300;
const POLL_MS = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until nothing has arrived from the socket's client for QUIET_MS and nothing is left to write. */
async function settled(socket: WebSocket, since: number, until: number): Promise<void> {
  while (performance.now() < until && socket.readyState === WebSocket.OPEN) {
    const quietFor = performance.now() - Math.max(since, lastFrameAt.get(socket) ?? 0);
    if (quietFor >= QUIET_MS && socket.bufferedAmount === 0) return;
    await pause(POLL_MS);
  }
}

function closed(socket: WebSocket): Promise<{ clean: boolean }> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve({ clean: true });
    socket.addEventListener("close", (event) => resolve({ clean: event.code === GOING_AWAY }));
    try {
      socket.close(GOING_AWAY, "server restarting");
    } catch {
      resolve({ clean: true }); // already closed
    }
  });
}

/**
 * Falls quiet, then closes every socket with 1001; resolves when all have closed, or after `ms`, with how many
 * closed without completing the closing handshake (the client may not have seen the 1001).
 */
export async function closeAllSockets(ms: number): Promise<{ sockets: number; unclean: number }> {
  goingAway = true;
  const since = performance.now();
  const sockets = [...open.keys()];
  let unclean = 0;
  const closing = sockets.map(async (socket) => {
    // Leaves half the time for the handshake itself.
    await settled(socket, since, since + ms / 2);
    if (!(await closed(socket)).clean) unclean++;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(closing),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
  return { sockets: sockets.length, unclean };
}

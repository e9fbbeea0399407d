/**
 * The WebSockets this process holds (chat and user channel), so that a shutdown can close them all with 1001
 * ("going away": the clients reconnect, to another process or the restarted one, and resume) and telemetry can
 * count them. Each socket leaves the set when it closes.
 */
export type SocketKind = "chat" | "user";

const open = new Map<WebSocket, SocketKind>();

export function trackSocket(socket: WebSocket, kind: SocketKind): void {
  open.set(socket, kind);
  socket.addEventListener("close", () => open.delete(socket));
}

export function openSocketCounts(): Record<SocketKind, number> {
  const counts = { chat: 0, user: 0 };
  for (const kind of open.values()) counts[kind]++;
  return counts;
}

export const GOING_AWAY = 1001;

/** Closes every socket with 1001; resolves when all have closed, or after `ms`. */
export async function closeAllSockets(ms: number): Promise<void> {
  const closing = [...open.keys()].map((socket) =>
    new Promise<void>((resolve) => {
      socket.addEventListener("close", () => resolve());
      try {
        socket.close(GOING_AWAY, "server restarting");
      } catch {
        resolve(); // already closed
      }
      if (socket.readyState === WebSocket.CLOSED) resolve();
    })
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(closing),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

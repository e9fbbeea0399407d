/**
 * Browser side of the real-time user channel (`/ws/user`): keeps the bell's unread count live. The session
 * cookie authenticates the socket (it is HttpOnly, so the `auth` frame carries no token); on
 * `checkUserNotification` the count is fetched again. Reconnects with a growing pause; closes on logout.
 */
const COUNT_PATH = "/user/notifications/count";
const MAX_RETRY_MS = 30_000;

async function fetchUnread(): Promise<number | null> {
  try {
    const res = await fetch(COUNT_PATH, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
    });
    if (!res.ok) return null;
    return ((await res.json()) as { unreadNotifications: number }).unreadNotifications;
  } catch {
    return null;
  }
}

/** Connects the channel and reports each fresh unread count; returns the disconnect. */
export function connectUserChannel(setUnread: (count: number) => void): () => void {
  let socket: WebSocket | null = null;
  let retryMs = 1000;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/user`);
    socket.onopen = () => {
      retryMs = 1000;
      socket!.send(JSON.stringify({ event: "auth", data: {} }));
    };
    socket.onmessage = async (message) => {
      const frame = JSON.parse(String(message.data)) as { event: string; data?: { action?: string } };
      if (frame.event === "AuthSuccess") {
        socket!.send(JSON.stringify({ event: "subscribe", data: {} }));
        // Anything that arrived while the socket was down is counted now.
        const count = await fetchUnread();
        if (count !== null) setUnread(count);
      } else if (frame.event === "event" && frame.data?.action === "checkUserNotification") {
        const count = await fetchUnread();
        if (count !== null) setUnread(count);
      }
    };
    socket.onclose = (event) => {
      // 4000/4001: not signed in or session revoked — reconnecting cannot help.
      if (stopped || event.code === 4000 || event.code === 4001) return;
      retry = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  };
  open();
  // The logout form posts natively: tell the server first, so the socket is closed on purpose.
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (form.getAttribute("action") !== "/logout" || socket?.readyState !== WebSocket.OPEN) return;
    stopped = true;
    socket.send(JSON.stringify({ event: "logout", data: {} }));
  };
  document.addEventListener("submit", onSubmit);
  return () => {
    stopped = true;
    clearTimeout(retry);
    document.removeEventListener("submit", onSubmit);
    socket?.close();
  };
}

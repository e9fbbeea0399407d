/**
 * `GET /ws/chat`: upgrades to the chat (services/chat/connection.ts, protocol in services/chat/protocol.ts).
 * As for /ws/user (http/user_socket.ts): browsers send the HttpOnly session cookie with the upgrade, so the
 * Origin must be one of ours (a foreign page could otherwise chat with the person's cookie); clients without
 * an Origin (not browsers) must authenticate with a token in the `auth` frame anyway.
 */
import type { Context } from "hono";
import { trackSocket } from "../services/operations/open_sockets.ts";
import { identify } from "../services/identity/auth.ts";
import { attachChatSocket, type ChatIdentity } from "../services/chat/connection.ts";
import { AppError } from "../utils/errors.ts";
import type { AppState } from "./app_state.ts";

const chatIdentity = (identity: AppState["identity"]): ChatIdentity | null =>
  identity ? { userId: identity.user.id, sid: identity.session.sid } : null;

export function chatSocket(allowedOrigins: string[] | null) {
  return (c: Context) => {
    if ((c.req.header("upgrade") ?? "").toLowerCase() !== "websocket") {
      throw new AppError(400, "bad_request", "errors.badRequest");
    }
    const origin = c.req.header("origin");
    if (origin && !(allowedOrigins ?? [new URL(c.req.url).origin]).includes(origin)) {
      throw new AppError(403, "csrf", "errors.csrf");
    }
    // The chat protocol pings and times out on its own (connection.ts); Deno's idle timeout would re-arm a
    // timer on every frame received to do the same again.
    const { socket, response } = Deno.upgradeWebSocket(c.req.raw, { idleTimeout: 0 });
    trackSocket(socket, "chat"); // closed with 1001 on shutdown
    const state = c.get("state") as AppState;
    attachChatSocket(socket, {
      initial: chatIdentity(state.identity),
      authenticate: async (token) => chatIdentity(await identify(token)),
      lang: state.lang,
    });
    return response;
  };
}

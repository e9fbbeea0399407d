/**
 * `GET /ws/user`: upgrades to the user channel (services/notifications/user_channel.ts). Browsers send the HttpOnly session
 * cookie with the upgrade, so the Origin must be ours (a foreign page could otherwise open a socket with the
 * person's cookie); clients without an Origin (not browsers) must authenticate with a token frame anyway.
 */
import type { Context } from "hono";
import { trackSocket } from "../services/operations/open_sockets.ts";
import { identify } from "../services/identity/auth.ts";
import { attachUserSocket, type ChannelIdentity } from "../services/notifications/user_channel.ts";
import { AppError } from "../utils/errors.ts";
import type { AppState } from "./app_state.ts";

const channelIdentity = (identity: AppState["identity"]): ChannelIdentity | null =>
  identity ? { userId: identity.user.id, sid: identity.session.sid } : null;

export function userSocket(allowedOrigins: string[] | null) {
  return (c: Context) => {
    if ((c.req.header("upgrade") ?? "").toLowerCase() !== "websocket") {
      throw new AppError(400, "bad_request", "errors.badRequest");
    }
    const origin = c.req.header("origin");
    if (origin && !(allowedOrigins ?? [new URL(c.req.url).origin]).includes(origin)) {
      throw new AppError(403, "csrf", "errors.csrf");
    }
    const { socket, response } = Deno.upgradeWebSocket(c.req.raw);
    trackSocket(socket, "user"); // closed with 1001 on shutdown
    const state = c.get("state") as AppState;
    attachUserSocket(
      socket,
      channelIdentity(state.identity),
      async (token) => channelIdentity(await identify(token)),
    );
    return response;
  };
}

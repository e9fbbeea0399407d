/**
 * Limits on what a client may send over our WebSockets (/ws/chat, /ws/user). Deno's upgradeWebSocket (2.5)
 * takes no maximum message size — the runtime accepts frames up to 64 MiB — so the cap is enforced on each
 * frame as it arrives: a socket that has not signed in is closed at its first frame over the small sign-in
 * cap (an `auth` frame is a token), so no socket can keep feeding the server large frames before sign-in.
 */

/** Before sign-in a frame is at most an `auth` with a token (≤ 4096 characters) and its envelope. */
export const UNAUTHENTICATED_FRAME_BYTES = 8 * 1024;
/** The user channel's frames are all small (`auth`, `subscribe`, `ping`, `logout`). */
export const USER_CHANNEL_FRAME_BYTES = 8 * 1024;
/** Refused frames a socket may send before it is closed (a client with a bug, or someone probing). */
export const MAX_REFUSED_FRAMES = 20;

/** WebSocket close codes (RFC 6455) shared by our sockets. */
export const FRAME_CLOSE_CODES = { tooBig: 1009 } as const;

/** Whether a text frame is longer than `maxBytes` in UTF-8 (measured only when it might be). */
export function frameOver(data: string, maxBytes: number): boolean {
  // A UTF-8 byte is at most 3 per UTF-16 unit: only long texts need to be measured.
  return data.length > maxBytes ||
    (data.length * 3 > maxBytes && new TextEncoder().encode(data).byteLength > maxBytes);
}

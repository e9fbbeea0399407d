/**
 * How much one person may do in the chat per minute (messages, uploads, new rooms, member changes), across all
 * their sockets and all processes: the administrators set the numbers with the authorization parameters
 * (identity/params.ts, `chat`). Beyond a limit the event is refused with 429 `rate_limited`, saying when to
 * try again, and nothing is stored — every message is permanent in the append-only log, so a flood must be
 * stopped before it is written.
 *
 * The count per person, kind and minute lives in KV (`["chat_rate", kind, userId, minute]`). So that an
 * ordinary message costs no KV write, a process takes a few of the minute's allowance at a time (a lease)
 * and spends it locally; when its lease is used up it takes the next one. The allowance over all processes
 * never exceeds the limit.
 */
import { db } from "../db/kv.ts";
import { RETRY, serialized, untilCommitted } from "../db/retry.ts";
import { authParams, type ChatLimits } from "../identity/params.ts";
import { AppError } from "../../utils/errors.ts";

export type ChatRateKind = "messages" | "uploads" | "rooms" | "memberChanges";

const LIMIT_OF: Record<ChatRateKind, keyof ChatLimits> = {
  messages: "messagesPerMinute",
  uploads: "uploadsPerMinute",
  rooms: "roomsPerMinute",
  memberChanges: "memberChangesPerMinute",
};
const WINDOW_MS = 60_000;
/** Taken from KV at a time (at least; a twelfth of a large limit): a burst of LEASE messages costs one write. */
const LEASE = 5;

interface Lease {
  window: number;
  left: number;
}
const leases = new Map<string, Lease>();

const rateLimited = (now: number) => {
  const seconds = Math.max(1, Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000));
  return new AppError(429, "rate_limited", "chat.errors.rateLimited", {
    params: { seconds },
    retryAfter: seconds,
  });
};

/** Counts one `kind` action by `userId`; throws 429 `rate_limited` when their allowance for the minute is spent. */
export async function chargeChat(userId: number, kind: ChatRateKind, now = Date.now()): Promise<void> {
  const window = Math.floor(now / WINDOW_MS);
  const id = `${kind}:${userId}`;
  const held = leases.get(id);
  if (held && held.window === window && held.left > 0) {
    held.left--;
    return;
  }
  const limit = (await authParams()).chat[LIMIT_OF[kind]];
  const key: Deno.KvKey = ["chat_rate", kind, userId, window];
  // One reservation at a time per person and kind in this process: the others wait and spend its lease.
  await serialized(key, async () => {
    const current = leases.get(id);
    if (current && current.window === window && current.left > 0) {
      current.left--;
      return;
    }
    const granted = await untilCommitted(async () => {
      const entry = await db().get<number>(key);
      const used = entry.value ?? 0;
      if (used >= limit) return 0;
      const grant = Math.min(Math.max(LEASE, Math.floor(limit / 12)), limit - used);
      const stored = await db().atomic().check(entry).set(key, used + grant, { expireIn: 2 * WINDOW_MS })
        .commit();
      return stored.ok ? grant : RETRY;
    }, { attempts: 20 });
    if (granted === 0) throw rateLimited(now);
    leases.set(id, { window, left: granted - 1 });
    if (leases.size > 10_000) dropOldLeases(window);
  });
}

function dropOldLeases(window: number) {
  for (const [id, lease] of leases) if (lease.window !== window) leases.delete(id);
}

/** Forgets this process's leases, as a fresh process would start (tests). */
export function forgetChatLeases(): void {
  leases.clear();
}

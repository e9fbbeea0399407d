/**
 * Throttling of failed sign-ins, per account (guessing one person's password) and per address (trying many
 * accounts from one place). A lock always ends: it starts at `baseLockSeconds`, doubles each time the limit is
 * reached again while the counter is remembered, and never exceeds `maxLockSeconds`, so the real person is
 * delayed, never locked out for good.
 *
 * A counter is forgotten `windowSeconds` after its last lock ended, or after the first failure of its current
 * round if that came later; so failures spread thinner than the limit per window never add up.
 */
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";

export interface ThrottlePolicy {
  /** Failures within the window that lock the account. */
  accountMaxFailures: number;
  /** Failures within the window that lock the address, whatever accounts they were for. */
  addressMaxFailures: number;
  windowSeconds: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountMaxFailures: 5,
  addressMaxFailures: 20,
  windowSeconds: 900,
  baseLockSeconds: 60,
  maxLockSeconds: 900,
};

/** Stored at `["login_failures", scope, id]`. */
export interface FailureCounter {
  /** Failures in the current round (reset when a lock starts). */
  count: number;
  /** When the current round's first failure happened (ms). */
  firstAt: number;
  /** End of the current or last lock (ms); 0 when never locked. */
  lockedUntil: number;
  /** Locks so far while remembered: the next lock lasts base · 2^locks. */
  locks: number;
}

export type ThrottleScope = "account" | "address";
export type LoginCheck =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; scope: ThrottleScope };

/** No admin setting may make a lock, or the memory of failures, last longer than a day. */
const DAY_SECONDS = 24 * 3600;
/** An address counter is shared by every sign-in from it: more tries than a record gets. */
const ATTEMPTS = 20;

export const normalizeEmail = (email: string) => email.trim().toLowerCase().slice(0, 320);

function keysFor(email: string, ip: string): { scope: ThrottleScope; key: Deno.KvKey }[] {
  const keys: { scope: ThrottleScope; key: Deno.KvKey }[] = [
    { scope: "account", key: ["login_failures", "account", normalizeEmail(email)] },
  ];
  // Requests whose address is unknown (tests, some proxies) must not all share, and jointly lock, one counter.
  if (ip) keys.push({ scope: "address", key: ["login_failures", "address", ip.slice(0, 64)] });
  return keys;
}

/** Lock length in seconds for the `locks`-th lock (1-based): base, 2·base, 4·base … up to the cap. */
export function lockSeconds(locks: number, policy: ThrottlePolicy): number {
  const cap = Math.min(positive(policy.maxLockSeconds, DEFAULT_THROTTLE_POLICY.maxLockSeconds), DAY_SECONDS);
  const base = positive(policy.baseLockSeconds, DEFAULT_THROTTLE_POLICY.baseLockSeconds);
  return Math.min(base * 2 ** Math.min(Math.max(locks - 1, 0), 30), cap);
}

// Admin-edited numbers: anything not positive falls back to the default (NaN > 0 is false).
const positive = (n: number, fallback: number) => (n > 0 ? n : fallback);
const windowMs = (policy: ThrottlePolicy) =>
  Math.min(positive(policy.windowSeconds, DEFAULT_THROTTLE_POLICY.windowSeconds), DAY_SECONDS) * 1000;

/** The counter as it stands at `now`: forgotten when its window has passed (KV expiry is lazy, and tests
 * move time by hand, so this does not rely on `expireIn` alone). */
function current(c: FailureCounter | null, now: number, policy: ThrottlePolicy): FailureCounter {
  const window = windowMs(policy);
  if (!c || now >= Math.max(c.firstAt, c.lockedUntil) + window) {
    return { count: 0, firstAt: now, lockedUntil: 0, locks: 0 };
  }
  return c;
}

type Refusal = Extract<LoginCheck, { allowed: false }>;

function refusal(c: FailureCounter, scope: ThrottleScope, now: number): Refusal | null {
  if (now >= c.lockedUntil) return null;
  return { allowed: false, scope, retryAfterSeconds: Math.ceil((c.lockedUntil - now) / 1000) };
}

/** Whether a sign-in may be attempted now; when both are locked, the longer wait is reported. */
export async function checkLogin(
  email: string,
  ip: string,
  policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY,
  now = Date.now(),
): Promise<LoginCheck> {
  const keys = keysFor(email, ip);
  const entries = await db().getMany<FailureCounter[]>(keys.map((k) => k.key));
  let worst: LoginCheck = { allowed: true };
  for (const [i, { scope }] of keys.entries()) {
    const refused = refusal(current(entries[i].value, now, policy), scope, now);
    if (refused && (worst.allowed || refused.retryAfterSeconds > worst.retryAfterSeconds)) worst = refused;
  }
  return worst;
}

/**
 * Counts a failed sign-in against the account and the address, both in one atomic (retried when another
 * request changed either counter meanwhile, so no failure is lost). Failures while a counter is locked do not
 * count against it, so a lock cannot be stretched. Returns the check as it stands afterwards.
 */
export async function recordFailure(
  email: string,
  ip: string,
  policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY,
  now = Date.now(),
): Promise<LoginCheck> {
  const keys = keysFor(email, ip);
  await untilCommitted(async () => {
    const entries = await db().getMany<FailureCounter[]>(keys.map((k) => k.key));
    const atomic = db().atomic();
    keys.forEach(({ scope, key }, i) => {
      const max = scope === "account" ? policy.accountMaxFailures : policy.addressMaxFailures;
      const next = advance(
        current(entries[i].value, now, policy),
        Math.max(1, Math.trunc(max) || 1),
        now,
        policy,
      );
      const expireIn = Math.max(next.firstAt, next.lockedUntil) + windowMs(policy) - now;
      atomic.check(entries[i]).set(key, next, { expireIn });
    });
    return (await atomic.commit()).ok ? true : RETRY;
  }, { attempts: ATTEMPTS });
  return await checkLogin(email, ip, policy, now);
}

function advance(c: FailureCounter, max: number, now: number, policy: ThrottlePolicy): FailureCounter {
  if (now < c.lockedUntil) return c;
  const count = c.count + 1;
  const firstAt = c.count === 0 ? now : c.firstAt;
  if (count < max) return { ...c, count, firstAt };
  const locks = c.locks + 1;
  return { count: 0, firstAt: now, locks, lockedUntil: now + lockSeconds(locks, policy) * 1000 };
}

/** A successful sign-in clears the account's counter. The address counter stays: one right password must not
 * wipe the record of an address that is trying many accounts. (`_ip` is accepted for symmetry.) */
export async function recordSuccess(email: string, _ip?: string): Promise<void> {
  await db().delete(["login_failures", "account", normalizeEmail(email)]);
}

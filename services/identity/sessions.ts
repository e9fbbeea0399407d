/**
 * Sessions in KV and the JWT that names one (ARCHITECTURE §6). The token only says which session it is; the
 * KV record decides whether it is still valid, so logout, password change and "my devices" revoke at once.
 */
import { base64url, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { commitInBatches, db, type KvOp } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { envVar } from "../../utils/env.ts";
import { logEvent } from "../operations/log.ts";
import { listUserSessions, sessionsChanged, userSids } from "./user_sessions.ts";

export type Guard = "user" | "prof" | "custom";

export interface Session {
  sid: string;
  userId: number;
  guard: Guard;
  createdAt: string;
  lastSeenAt: string;
  /** null: the session lasts until it is revoked. */
  expiresAt: string | null;
  userAgent: string;
  ip: string;
  /** The user who switched into this account, for switching back. */
  switchedFrom?: number;
}

export interface SessionClaims {
  id: number;
  guard: Guard;
  sid: string;
  iss: string;
  aud: string;
  iat: number;
  exp: number;
}

export const JWT_ISSUER = "uni-admin";
export const JWT_AUDIENCE = "uni-admin-web";

const GUARDS: readonly string[] = ["user", "prof", "custom"] satisfies Guard[];
const SECRET_KEY = ["meta", "jwt_secret"];
/** `exp` is required of every token, so a session without expiry gets a token that outlives any browser. */
const UNLIMITED_TOKEN_SECONDS = 10 * 365 * 24 * 3600;
const TOUCH_EVERY_MS = 60_000;
const REVOKED_KEEP_MS = 24 * 3600 * 1000;
const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Per KV connection, so that tests opening a fresh `:memory:` store get a fresh secret.
const keys = new WeakMap<Deno.Kv, Promise<CryptoKey>>();

// Imported once: jose would otherwise import the raw bytes again on every verification.
const hmacKey = (bytes: Uint8Array) =>
  crypto.subtle.importKey("raw", bytes as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);

function signingKey(): Promise<CryptoKey> {
  const kv = db();
  let key = keys.get(kv);
  if (!key) {
    const fromEnv = envVar("JWT_SECRET");
    key = fromEnv !== undefined
      ? hmacKey(parseSecret(fromEnv))
      : ensureStoredSecret(kv).then((s) => hmacKey(new TextEncoder().encode(s)));
    key.catch(() => keys.delete(kv)); // a failed KV read is retried on the next call
    keys.set(kv, key);
  }
  return key;
}

/** The HMAC key for a configured secret; a short one is refused loudly rather than used. */
export function parseSecret(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long");
  return new TextEncoder().encode(secret);
}

/**
 * The secret stored at `["meta", "jwt_secret"]`, generated on first use. The write only succeeds if the key
 * is still absent, so processes starting together all end up with whichever secret was committed first.
 */
export function ensureStoredSecret(kv: Deno.Kv): Promise<string> {
  // Processes starting together race for this first write (or, sharing one SQLite file, see "database is
  // locked"): the losers read the winner's secret on their next try.
  return untilCommitted(async () => {
    const stored = await kv.get<string>(SECRET_KEY);
    if (stored.value) return stored.value;
    const secret = randomId();
    const atomic = kv.atomic().check({ key: SECRET_KEY, versionstamp: null }).set(SECRET_KEY, secret);
    return (await atomic.commit()).ok ? secret : RETRY;
  }, { attempts: SECRET_ATTEMPTS });
}

const SECRET_ATTEMPTS = 20;

const randomId = () => base64url.encode(crypto.getRandomValues(new Uint8Array(32)));

/** Live sessions one account may hold: a sign-in beyond it ends the least recently used (endSessionsOverCap). */
export const MAX_SESSIONS_PER_USER = 10;
/** Tries of a replacing commit that lost only to the replaced session's own last-seen update. */
const REPLACE_ATTEMPTS = 5;

interface NewSession {
  userId: number;
  guard: Guard;
  userAgent: string;
  ip: string;
  /** Lifetime in seconds (a positive integer), or null for a session that lasts until revoked. */
  ttlSeconds: number | null;
  switchedFrom?: number;
}

export async function createSession(opts: NewSession): Promise<{ session: Session; token: string }> {
  return (await openSession(opts))!;
}

/**
 * Opens a session in place of `replaced`, which ends in the same atomic write and only if it is still live:
 * null when it has ended meanwhile, so one token cannot be forked into several by parallel requests. With
 * `keepExpiry`, the new session ends when the replaced one would have (switching accounts never extends one).
 */
export function replaceSession(
  replaced: string,
  opts: NewSession & { keepExpiry?: boolean },
): Promise<{ session: Session; token: string } | null> {
  return openSession({ ...opts, replaces: replaced });
}

async function openSession(
  opts: NewSession & { replaces?: string; keepExpiry?: boolean },
): Promise<{ session: Session; token: string } | null> {
  if (opts.ttlSeconds !== null && !(Number.isSafeInteger(opts.ttlSeconds) && opts.ttlSeconds > 0)) {
    throw new RangeError("ttlSeconds must be a positive integer or null");
  }
  const sid = randomId();
  const key = await signingKey();
  const opened = await untilCommitted(async () => {
    const now = Date.now();
    const old = opts.replaces ? await db().get<Session>(["sessions", opts.replaces]) : null;
    if (old && !old.value) return null;
    const inherited = opts.keepExpiry && old?.value ? old.value.expiresAt : undefined;
    const expiresAt = inherited !== undefined
      ? inherited
      : opts.ttlSeconds === null
      ? null
      : new Date(now + opts.ttlSeconds * 1000).toISOString();
    if (expiresAt !== null && Date.parse(expiresAt) <= now) return null;
    const candidate: Session = {
      sid,
      userId: opts.userId,
      guard: opts.guard,
      createdAt: new Date(now).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      expiresAt,
      userAgent: opts.userAgent.slice(0, 512),
      ip: opts.ip.slice(0, 64),
      ...(opts.switchedFrom === undefined ? {} : { switchedFrom: opts.switchedFrom }),
    };
    const expiry = expiresAt === null ? undefined : { expireIn: Date.parse(expiresAt) - now };
    const atomic = db().atomic()
      .check({ key: ["sessions", sid], versionstamp: null })
      .set(["sessions", sid], candidate, expiry)
      .set(["sessions_by_user", opts.userId, sid], sid, expiry);
    const changed = [opts.userId];
    if (old?.value) {
      atomic.check(old);
      for (const op of revokeOps(old.value.sid, old.value.userId, candidate.createdAt)) {
        if (op.type === "delete") atomic.delete(op.key);
        else atomic.set(op.key, op.value, { expireIn: op.expireIn });
      }
      if (old.value.userId !== opts.userId) changed.push(old.value.userId);
    }
    for (const { key, value } of changed.map(sessionsChanged)) atomic.set(key, value);
    return (await atomic.commit()).ok ? { session: candidate, replaced: old?.value ?? null, now } : RETRY;
  }, { attempts: REPLACE_ATTEMPTS });
  if (!opened) return null;
  const { session, replaced, now } = opened;
  if (replaced) notify([replaced.sid]);
  const iat = Math.floor(now / 1000);
  const ttlSeconds = session.expiresAt === null
    ? null
    : Math.max(1, Math.ceil((Date.parse(session.expiresAt) - now) / 1000));
  const token = await new SignJWT({ id: opts.userId, guard: opts.guard, sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat).setExpirationTime(iat + (ttlSeconds ?? UNLIMITED_TOKEN_SECONDS))
    .sign(key);
  return { session, token };
}

/**
 * The live session a token names, or null for any bad, expired or revoked token (`now` is for tests).
 * `touchedAt`: the versionstamp of the write that recorded this use (it also moved the user's sessions version),
 * or null when none was made.
 */
export async function authenticate(
  token: string | null | undefined,
  now = Date.now(),
): Promise<{ session: Session; claims: SessionClaims; touchedAt: string | null } | null> {
  if (typeof token !== "string" || token.length === 0 || token.length > 4096) return null;
  // Outside the try: a misconfigured secret must surface as an error, not as "every token is bad".
  const key = await signingKey();
  let claims: SessionClaims | null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      typ: "JWT",
      requiredClaims: ["exp", "iat", "sid", "id"],
      currentDate: new Date(now),
    });
    claims = toClaims(payload, now);
  } catch {
    return null;
  }
  if (!claims) return null;
  const entry = await db().get<Session>(["sessions", claims.sid]); // strong: a revocation is seen at once
  const session = entry.value;
  if (!session || session.userId !== claims.id || session.guard !== claims.guard) return null;
  // KV deletes expired keys lazily, so an expired record may still be readable for a while.
  if (session.expiresAt !== null && Date.parse(session.expiresAt) <= now) return null;
  if (now - Date.parse(session.lastSeenAt) < TOUCH_EVERY_MS) return { session, claims, touchedAt: null };
  const touched = { ...session, lastSeenAt: new Date(now).toISOString() };
  const expiry = session.expiresAt === null ? undefined : { expireIn: Date.parse(session.expiresAt) - now };
  // The check keeps a revocation that raced this request from being undone; losing the race is harmless.
  const { key: versionKey, value: version } = sessionsChanged(session.userId);
  const result = await db().atomic().check(entry).set(["sessions", claims.sid], touched, expiry)
    .set(versionKey, version).commit();
  return result.ok
    ? { session: touched, claims, touchedAt: result.versionstamp }
    : { session, claims, touchedAt: null };
}

/**
 * A token is never issued ahead of the clock that reads it (jose checks iat only with maxTokenAge): a future
 * iat means a forged or mis-clocked issuer. The leeway covers clock skew between processes, nothing more.
 */
const IAT_LEEWAY_SECONDS = 5;

function toClaims(p: JWTPayload, now: number): SessionClaims | null {
  const { id, guard, sid, iss, aud, iat, exp } = p;
  const valid = typeof id === "number" && Number.isSafeInteger(id) && id > 0 &&
    typeof guard === "string" && GUARDS.includes(guard) &&
    typeof sid === "string" && SID_PATTERN.test(sid) &&
    iss === JWT_ISSUER && aud === JWT_AUDIENCE && typeof iat === "number" && typeof exp === "number" &&
    iat <= now / 1000 + IAT_LEEWAY_SECONDS;
  return valid ? { id, guard: guard as Guard, sid, iss, aud, iat, exp } : null;
}

type RevokeListener = (sids: string[]) => void;
const listeners = new Set<RevokeListener>();

/** Called after each revocation in this process (e.g. to close that session's WebSockets); returns the
 * unsubscribe function. Other processes learn of it from the revocation feed (see `revocationFeed`). */
export function onSessionsRevoked(listener: RevokeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(sids: string[]) {
  for (const listener of sids.length ? [...listeners] : []) {
    try {
      listener(sids);
    } catch (error) {
      logEvent("error", "revocation_listener_failed", { error }); // one bad listener must not stop others
    }
  }
}

function revokeOps(sid: string, userId: number, at: string): KvOp[] {
  return [
    { type: "delete", key: ["sessions", sid] },
    { type: "delete", key: ["sessions_by_user", userId, sid] },
    { type: "set", key: revokedKey(Date.parse(at), sid), value: sid, expireIn: REVOKED_KEEP_MS },
  ];
}

/** Ends one session; false when it did not exist (already revoked or expired). */
export async function revokeSession(sid: string): Promise<boolean> {
  const session = (await db().get<Session>(["sessions", sid])).value;
  if (!session) return false;
  await commitInBatches([
    ...revokeOps(sid, session.userId, new Date().toISOString()),
    sessionsChanged(session.userId),
  ]);
  notify([sid]);
  return true;
}

/** Ends every session of a user, except optionally the current one; returns how many were ended. */
export async function revokeUserSessions(userId: number, opts: { except?: string } = {}): Promise<number> {
  const sids = (await userSids(userId)).filter((sid) => sid !== opts.except);
  const at = new Date().toISOString();
  // The version last: a list read between two of the atomics is then kept under a stamp that moves after it.
  await commitInBatches([...sids.flatMap((sid) => revokeOps(sid, userId, at)), sessionsChanged(userId)]);
  notify(sids);
  return sids.length;
}

/** Ends the user's least recently used sessions beyond MAX_SESSIONS_PER_USER, never `keep` (the new one). */
export async function endSessionsOverCap(userId: number, keep: string): Promise<void> {
  const sessions = await listUserSessions(userId);
  const over = sessions.filter((s) => s.sid !== keep).slice(MAX_SESSIONS_PER_USER - 1);
  if (!over.length) return;
  const at = new Date().toISOString();
  await commitInBatches([...over.flatMap((s) => revokeOps(s.sid, userId, at)), sessionsChanged(userId)]);
  notify(over.map((s) => s.sid));
}

const revokedKey = (atMs: number, sid: string): Deno.KvKey => ["sessions_revoked_at", atMs, sid];
/**
 * How far back each poll of the feed looks before the previous one: a revocation is keyed by its process's
 * clock when it was planned, so one committed late, or by a process whose clock is behind, is still seen.
 */
export const FEED_OVERLAP_MS = 30_000;

/**
 * A poller of the revocations of other processes, for a holder of sockets: each call returns the sessions revoked
 * since its previous call (the first: since the feed was made), each once. It reads only the revocations, so its
 * cost does not grow with the number of sockets held.
 */
export function revocationFeed(now = Date.now): () => Promise<string[]> {
  let since = now();
  /** What calls within the overlap returned already: sid → when it was revoked. */
  const reported = new Map<string, number>();
  return async () => {
    const polled = now();
    const from = since - FEED_OVERLAP_MS;
    const fresh: string[] = [];
    const selector = { start: revokedKey(from, ""), end: ["sessions_revoked_at", Number.MAX_SAFE_INTEGER] };
    for await (const { key, value: sid } of db().list<string>(selector)) {
      if (!reported.has(sid)) fresh.push(sid);
      reported.set(sid, key[1] as number);
    }
    for (const [sid, at] of reported) if (at < from) reported.delete(sid);
    since = polled;
    return fresh;
  };
}

/**
 * For a holder of sockets: calls `listener` with the sessions revoked in this process at once, and with those
 * revoked by other processes (the feed) within `everyMs`. A session may be reported by both. Returns the stop.
 */
export function watchRevocations(listener: RevokeListener, everyMs: number): () => void {
  const stopLocal = onSessionsRevoked(listener);
  const revokedElsewhere = revocationFeed();
  let polling = false;
  const timer = setInterval(async () => {
    if (polling) return; // a slow poll is not started twice
    polling = true;
    try {
      const sids = await revokedElsewhere();
      if (sids.length > 0) listener(sids);
    } catch (error) {
      logEvent("error", "revocation_feed_failed", { error });
    } finally {
      polling = false;
    }
  }, everyMs);
  return () => {
    stopLocal();
    clearInterval(timer);
  };
}

// The countdown is shared with the top bar island, so it lives in utils/.
export { sessionCountdown, UNLIMITED } from "../../utils/countdown.ts";

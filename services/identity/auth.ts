/**
 * The identity domain (services/identity/) owns who a person is and what they may do: users, passwords,
 * sessions and tokens, sign-in throttling, SMS codes, roles, the permission catalogue and account
 * administration. This file: signing in and out, password change and account switching: the rules that tie
 * users, passwords, sessions and throttling together. HTTP-free; routes turn its results into cookies and
 * responses.
 */
import { decodeJwt } from "jose";
import { AppError, invalid } from "../../utils/errors.ts";
import { checkLogin, recordFailure, recordSuccess } from "./login_throttle.ts";
import { checkPassword, hashPassword, verifyPassword } from "./passwords.ts";
import { AUTH_EPOCH_KEY } from "./epoch.ts";
import { db } from "../db/kv.ts";
import { authParams, sessionSeconds } from "./params.ts";
import {
  authenticate,
  createSession,
  endSessionsOverCap,
  onSessionsRevoked,
  replaceSession,
  revokeSession,
  revokeUserSessions,
  type Session,
} from "./sessions.ts";
import { sessionsVersionKey } from "./user_sessions.ts";
import { findUserByEmail, getUser, permissionsOf, updateUser, type User } from "./users.ts";

/** Default session length: a working day. The authorization parameters (identity/params.ts) decide the real one. */
export const SESSION_SECONDS = 8 * 3600;

export interface Identity {
  user: User;
  session: Session;
  permissions: ReadonlySet<string>;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * Identities are cached per token: verifying the token and reading session, user and roles (three KV reads)
 * on every request would cost more than rendering the page. A cached one is served only while the person's
 * sessions version (moved in the same atomic as every write of one of their sessions: user_sessions.ts) and the
 * auth epoch (epoch.ts: moved by every user or role write) keep the versionstamps they had when it was read —
 * one `getMany` of two small keys, which the shell's and the devices page's reads of the same person share — so
 * a logout, a revoked device, a disabled account or a revoked permission, made through any process sharing the
 * KV, counts from the next request.
 */
const IDENTITY_CACHE_MS = 60_000;
const IDENTITY_CACHE_MAX = 10_000;
const identities = new Map<string, { identity: Identity; until: number; stamps: string }>();

const stampOf = (entry: Deno.KvEntryMaybe<unknown> | undefined) => entry?.versionstamp ?? "-";
/** What a kept identity is checked by: the sessions version's stamp and the auth epoch's. */
const stampsOf = (version: string, epoch: Deno.KvEntryMaybe<unknown>) => `${version},${stampOf(epoch)}`;

onSessionsRevoked((sids) => {
  const revoked = new Set(sids);
  for (const [token, entry] of identities) {
    if (revoked.has(entry.identity.session.sid)) identities.delete(token);
  }
});

/**
 * Whose session a token named when this process last identified it (a token never changes hands), so that a
 * page can start its person's reads beside the session's own check. Says nothing of whether it still holds:
 * only `identify` does.
 */
export function lastKnownHolder(token: string): { userId: number; sid: string } | null {
  const entry = identities.get(token);
  return entry ? { userId: entry.identity.user.id, sid: entry.identity.session.sid } : null;
}

/** The person behind a token, or null: bad token, revoked or expired session, disabled or changed account. */
export async function identify(token: string | null | undefined, now = Date.now()): Promise<Identity | null> {
  if (!token) return null;
  const cached = identities.get(token);
  if (cached && cached.until > now) {
    const [version, epoch] = await db().getMany([
      sessionsVersionKey(cached.identity.user.id),
      AUTH_EPOCH_KEY,
    ]);
    const expiresAt = cached.identity.session.expiresAt;
    if (
      stampsOf(stampOf(version), epoch) === cached.stamps &&
      (expiresAt === null || Date.parse(expiresAt) > now)
    ) {
      return cached.identity;
    }
  }
  // The versions are read before the session: a write landing after them moves one, and the next request reads
  // again. The token's user id is not trusted here, only used to name the key; `authenticate` verifies it.
  const claimed = claimedUserId(token);
  const [version, epoch] = claimed === null
    ? [undefined, await db().get(AUTH_EPOCH_KEY)]
    : await db().getMany([sessionsVersionKey(claimed), AUTH_EPOCH_KEY]);
  const auth = await authenticate(token, now);
  if (!auth) {
    identities.delete(token);
    return null;
  }
  const user = await getUser(auth.session.userId);
  if (!user || user.disabled || user.guard !== auth.session.guard) return null;
  const identity = { user, session: auth.session, permissions: await permissionsOf(user) };
  // This use, when recorded, moved the sessions version: its write's stamp is the version the session has now.
  const stamps = stampsOf(auth.touchedAt ?? stampOf(version), epoch);
  if (identities.size >= IDENTITY_CACHE_MAX) identities.clear();
  identities.set(token, { identity, until: now + IDENTITY_CACHE_MS, stamps });
  return identity;
}

/** The user id a token claims, unverified (a safe integer, or null). */
function claimedUserId(token: string): number | null {
  try {
    const { id } = decodeJwt(token);
    return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

const tooManyAttempts = (seconds: number) =>
  new AppError(429, "too_many_attempts", "errors.tooManyAttempts", {
    params: { seconds },
    retryAfter: seconds,
  });

// Verifying against this when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | null = null;

/**
 * Signs in. A session the request already carries (someone signing in as another person on the same
 * browser) ends in the same write, and the account keeps at most MAX_SESSIONS_PER_USER sessions.
 */
export async function signIn(email: string, password: string, client: ClientInfo, current?: Session) {
  const params = await authParams();
  const verdict = await checkLogin(email, client.ip, params.throttle);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  const user = await findUserByEmail(email);
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(password, user?.passwordHash ?? await dummyHash);
  if (!user || !ok || user.disabled) {
    await recordFailure(email, client.ip, params.throttle);
    throw new AppError(401, "invalid_credentials", "errors.invalidCredentials");
  }
  await recordSuccess(email, client.ip);
  const opened = { userId: user.id, guard: user.guard, ttlSeconds: sessionSeconds(params), ...client };
  // The carried session may have ended meanwhile (logged out in another tab): then nothing is replaced.
  const { session, token } = (current ? await replaceSession(current.sid, opened) : null) ??
    await createSession(opened);
  await endSessionsOverCap(user.id, session.sid);
  const signedIn = await updateUser(user.id, (u) => ({ ...u, lastSignInAt: session.createdAt }), user.id);
  return { user: signedIn, session, token };
}

export function signOut(session: Session): Promise<boolean> {
  return revokeSession(session.sid);
}

export interface PasswordChange {
  oldPassword: string;
  password1: string;
  password2: string;
}

/**
 * Changes the password and ends the person's other sessions; field errors name what is wrong. Guesses of the
 * current password count against the account as failed sign-ins do (whoever holds a session must not be able
 * to try passwords freely), and the guess that locks the account also ends this session.
 */
export async function changePassword(identity: Identity, change: PasswordChange): Promise<void> {
  const { user, session } = identity;
  const params = await authParams();
  // Only the account's counter: the address one is for sign-ins, which name many accounts.
  const locked = await checkLogin(user.email, "", params.throttle);
  if (!locked.allowed) throw tooManyAttempts(locked.retryAfterSeconds);
  if (!(await verifyPassword(change.oldPassword, user.passwordHash))) {
    const after = await recordFailure(user.email, "", params.throttle);
    if (after.allowed) throw invalid({ oldPassword: { key: "errors.wrongPassword" } });
    await revokeSession(session.sid);
    throw tooManyAttempts(after.retryAfterSeconds);
  }
  await recordSuccess(user.email);
  const weak = checkPassword(change.password1, params.password, {
    email: user.email,
    name: user.nameEn,
  });
  if (weak) throw invalid({ password1: weak });
  if (change.password1 !== change.password2) throw invalid({ password2: { key: "errors.passwordsDiffer" } });
  const passwordHash = await hashPassword(change.password1);
  await updateUser(user.id, (u) => ({ ...u, passwordHash }), user.id);
  await revokeUserSessions(user.id, { except: session.sid });
}

/** Accounts this person may switch to: their linked accounts that are still enabled. */
export async function availableAccounts(user: User): Promise<User[]> {
  const accounts = await Promise.all(user.linkedAccountIds.map((id) => getUser(id)));
  return accounts.filter((a): a is User => a !== null && !a.disabled && a.linkedAccountIds.includes(user.id));
}

/**
 * Replaces this session with one for the other account, in one atomic write, keeping this session's expiry:
 * switching never extends a session, and parallel switches with one token leave one session (the others find
 * theirs ended: 401). Refuses accounts not linked to this person.
 */
export async function switchAccount(identity: Identity, accountId: number, client: ClientInfo) {
  const target = (await availableAccounts(identity.user)).find((a) => a.id === accountId);
  if (!target) throw new AppError(403, "account_not_available", "errors.accountNotAvailable");
  const opened = await replaceSession(identity.session.sid, {
    userId: target.id,
    guard: target.guard,
    ttlSeconds: sessionSeconds(await authParams()),
    switchedFrom: identity.user.id,
    keepExpiry: true,
    ...client,
  });
  if (!opened) throw new AppError(401, "unauthorized", "errors.unauthorized");
  return { user: target, ...opened };
}

/**
 * Authorization parameters (the permissions screen's "parameters" tab), stored at `["settings", "auth_params"]`:
 * password policy, session length, sign-in throttling, SMS code settings and the chat's rate limits. Sign-in, password change and
 * throttling read them through `authParams()`, which keeps a copy per KV connection, compared with the
 * parameters' version on each read (db/cached_value.ts): a save through any process is in force at once.
 */
import { createRecord, updateRecord } from "../db/records.ts";
import { getRecord } from "../db/reads.ts";
import { cachedValue } from "../db/cached_value.ts";
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from "./login_throttle.ts";
import { DEFAULT_PASSWORD_POLICY, PASSWORD_MIN_FLOOR, type PasswordPolicy } from "./passwords.ts";

/** What one person may do in the chat per minute, over all their sockets (chat/rate_limit.ts). */
export interface ChatLimits {
  messagesPerMinute: number;
  uploadsPerMinute: number;
  roomsPerMinute: number;
  memberChangesPerMinute: number;
}

export interface AuthParams {
  password: PasswordPolicy;
  /** Session length in hours; null: sessions last until signed out or revoked. */
  sessionHours: number | null;
  throttle: ThrottlePolicy;
  sms: {
    /** Fixed at 6 digits (SPEC: the consent dialog's code field). */
    codeLength: 6;
    validityMinutes: number;
    maxGuesses: number;
  };
  chat: ChatLimits;
}

export const AUTH_PARAMS_ID = "auth_params";
export const SETTINGS = "settings";

export const DEFAULT_AUTH_PARAMS: AuthParams = {
  password: DEFAULT_PASSWORD_POLICY,
  sessionHours: 8,
  throttle: DEFAULT_THROTTLE_POLICY,
  sms: { codeLength: 6, validityMinutes: 5, maxGuesses: 5 },
  chat: { messagesPerMinute: 60, uploadsPerMinute: 20, roomsPerMinute: 10, memberChangesPerMinute: 30 },
};

/** Bounds the request schema enforces as well (http/schemas/admin.ts). */
export const AUTH_PARAM_LIMITS = {
  passwordMinLength: { min: PASSWORD_MIN_FLOOR, max: 64 },
  sessionHours: { min: 1, max: 24 * 90 },
  failures: { min: 1, max: 1000 },
  seconds: { min: 1, max: 24 * 3600 },
  validityMinutes: { min: 1, max: 60 },
  maxGuesses: { min: 1, max: 20 },
  perMinute: { min: 1, max: 10_000 },
} as const;

const cache = cachedValue({
  name: "auth_params",
  maxAgeMs: 60_000,
  load: async () => withDefaults((await getRecord<AuthParams>(SETTINGS, AUTH_PARAMS_ID))?.value ?? null),
});

/** The parameters in force (defaults until someone saves them). */
export function authParams(): Promise<AuthParams> {
  return cache.get();
}

/**
 * The parameters as of this process's last `authParams()`, for synchronous callers (the shell's password
 * dialog, whose page middleware awaited it).
 */
export function authParamsNow(): AuthParams {
  return cache.peek() ?? DEFAULT_AUTH_PARAMS;
}

/** The stored value with anything missing (an older shape) taken from the defaults. */
function withDefaults(stored: Partial<AuthParams> | null): AuthParams {
  if (!stored) return DEFAULT_AUTH_PARAMS;
  return {
    password: { ...DEFAULT_AUTH_PARAMS.password, ...stored.password },
    sessionHours: stored.sessionHours === undefined ? DEFAULT_AUTH_PARAMS.sessionHours : stored.sessionHours,
    throttle: { ...DEFAULT_AUTH_PARAMS.throttle, ...stored.throttle },
    sms: { ...DEFAULT_AUTH_PARAMS.sms, ...stored.sms, codeLength: 6 },
    chat: { ...DEFAULT_AUTH_PARAMS.chat, ...stored.chat },
  };
}

/** Stores new parameters (audited under `settings/auth_params`) and refreshes this process's copy at once. */
export async function setAuthParams(input: Partial<AuthParams>, actor: number): Promise<AuthParams> {
  // A client that does not know the chat's limits (they came later) leaves them as they are.
  const value = withDefaults({ ...input, chat: input.chat ?? (await authParams()).chat });
  const existing = await getRecord<AuthParams>(SETTINGS, AUTH_PARAMS_ID);
  if (existing) {
    await updateRecord<AuthParams>({
      collection: SETTINGS,
      id: AUTH_PARAMS_ID,
      change: () => value,
      indexes: () => [],
      audit: { actor },
    });
  } else {
    await createRecord<AuthParams>({
      collection: SETTINGS,
      id: AUTH_PARAMS_ID,
      build: () => value,
      indexes: () => [],
      audit: { actor },
    });
  }
  await cache.changed();
  return value;
}

/** Session lifetime for `createSession`: seconds, or null for unlimited. */
export function sessionSeconds(params: AuthParams): number | null {
  return params.sessionHours === null ? null : Math.round(params.sessionHours * 3600);
}

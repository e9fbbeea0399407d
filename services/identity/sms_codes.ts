/**
 * One-time SMS codes: 6 uniform digits from the cryptographic generator, stored only as SHA-256(salt + code)
 * at `["sms_codes", userId, purpose]` (one live code per person and purpose, e.g. `consent:2026-09`: a new
 * code replaces the old one), valid `authParams().sms.validityMinutes`, at most `maxGuesses` wrong guesses.
 *
 * Exactly one success per code: verification deletes the record in an atomic that checks the versionstamp it
 * read, so a replay or a parallel second submission finds the record changed or gone and fails. Wrong
 * guesses are counted the same way (a lost race re-reads and counts again).
 *
 * Sends are limited per person and per phone number (`SEND_LIMIT` in `SEND_WINDOW_MS`), both checked and
 * recorded in one atomic, so parallel requests cannot overrun the limit.
 */
import { authParams } from "./params.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { smsProvider } from "./sms_provider.ts";
import { AppError } from "../../utils/errors.ts";

export const SEND_LIMIT = 3;
export const SEND_WINDOW_MS = 10 * 60_000;
/** The send limits per phone are shared by everyone with that number: more tries than a record gets. */
const ATTEMPTS = 20;

interface StoredCode {
  hash: string;
  salt: string;
  guesses: number;
  expiresAt: number;
}

interface SendLog {
  /** ms timestamps of the sends inside the window. */
  times: number[];
}

const codeKey = (userId: number, purpose: string) => ["sms_codes", userId, purpose];
const sendKeys = (
  userId: number,
  phone: string,
) => [["sms_sends", "user", userId], ["sms_sends", "phone", phone]];

/** A uniform 6-digit code: rejection sampling removes the bias of `n % 1e6` on 32-bit numbers. */
export function randomCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buffer = new Uint32Array(1);
  while (true) {
    crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return String(buffer[0] % 1_000_000).padStart(6, "0");
  }
}

async function hashCode(salt: string, code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}:${code}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface IssueInput {
  userId: number;
  phone: string;
  purpose: string;
  /** The message; `{code}` is replaced by the code. */
  text: string;
  now?: number;
}

/** Creates a code (replacing an older one for the same purpose) and sends it; 429 `sms_limit` when over. */
export async function issueCode(input: IssueInput): Promise<void> {
  const now = input.now ?? Date.now();
  const { validityMinutes } = (await authParams()).sms;
  const validityMs = validityMinutes * 60_000;
  const code = randomCode();
  const salt = crypto.randomUUID();
  const stored: StoredCode = {
    hash: await hashCode(salt, code),
    salt,
    guesses: 0,
    expiresAt: now + validityMs,
  };
  const kv = db();
  const keys = sendKeys(input.userId, input.phone);
  await untilCommitted(async () => {
    const logs = await kv.getMany<SendLog[]>(keys);
    const recent = logs.map((entry) => (entry.value?.times ?? []).filter((t) => t > now - SEND_WINDOW_MS));
    if (recent.some((times) => times.length >= SEND_LIMIT)) {
      throw new AppError(429, "sms_limit", "consent.errors.smsLimit", { params: { minutes: 10 } });
    }
    const atomic = kv.atomic();
    logs.forEach((entry, i) => {
      atomic.check(entry).set(keys[i], { times: [...recent[i], now] }, { expireIn: SEND_WINDOW_MS });
    });
    atomic.set(codeKey(input.userId, input.purpose), stored, { expireIn: validityMs });
    return (await atomic.commit()).ok ? true : RETRY;
  }, { attempts: ATTEMPTS });
  await smsProvider().send(input.phone, input.text.replace("{code}", code));
}

export type VerifyResult = "ok" | "invalid" | "exhausted";

/**
 * Checks a code. "invalid": wrong, expired, replaced or already used; "exhausted": this was the last allowed
 * wrong guess (the code is gone, a new one must be requested).
 */
export async function verifyCode(
  userId: number,
  purpose: string,
  code: string,
  now = Date.now(),
): Promise<VerifyResult> {
  const { maxGuesses } = (await authParams()).sms;
  const kv = db();
  const key = codeKey(userId, purpose);
  return await untilCommitted<VerifyResult>(async () => {
    const entry = await kv.get<StoredCode>(key);
    const stored = entry.value;
    // expireIn deletes lazily: the time is checked here too.
    if (!stored || stored.expiresAt <= now || stored.guesses >= maxGuesses) return "invalid";
    const right = sameText(await hashCode(stored.salt, code), stored.hash);
    const guesses = stored.guesses + 1;
    const atomic = kv.atomic().check(entry);
    if (right || guesses >= maxGuesses) atomic.delete(key);
    else atomic.set(key, { ...stored, guesses }, { expireIn: Math.max(1, stored.expiresAt - now) });
    if (!(await atomic.commit()).ok) return RETRY;
    return right ? "ok" : guesses >= maxGuesses ? "exhausted" : "invalid";
  }, { attempts: ATTEMPTS, otherwise: () => "invalid" });
}

/**
 * The public form is open to anyone, so one address may submit at most SUBMITS_PER_WINDOW times per window
 * (`["admission_submits", address, window]`, counted in KV so every process shares it). Beyond it the form is
 * refused with 429 and the seconds to wait; nothing is read or stored. Requests whose address is unknown are
 * not counted together (they would all lock one another out).
 */
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { AppError } from "../../utils/errors.ts";

export const SUBMITS_PER_WINDOW = 10;
export const WINDOW_MS = 10 * 60 * 1000;

export async function chargeSubmission(address: string, now = Date.now()): Promise<void> {
  if (!address) return;
  const window = Math.floor(now / WINDOW_MS);
  const key: Deno.KvKey = ["admission_submits", address.slice(0, 64), window];
  const allowed = await untilCommitted(async () => {
    const entry = await db().get<number>(key);
    const used = entry.value ?? 0;
    if (used >= SUBMITS_PER_WINDOW) return false;
    const result = await db().atomic().check(entry).set(key, used + 1, { expireIn: 2 * WINDOW_MS }).commit();
    return result.ok ? true : RETRY;
  }, { attempts: 20 });
  if (!allowed) {
    const seconds = Math.max(1, Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000));
    throw new AppError(429, "rate_limited", "admissions.errors.tooManySubmissions", {
      params: { minutes: Math.ceil(seconds / 60) },
      retryAfter: seconds,
    });
  }
}

/**
 * Password hashing (argon2id, OWASP parameters, via hash-wasm so no native addon or `--allow-ffi`), generation
 * of temporary passwords, and the password policy check used by forms.
 */
import { argon2id, argon2Verify } from "hash-wasm";
import type { FieldError } from "../../utils/errors.ts";
import { COMMON_PASSWORDS } from "./common_passwords.ts";

/** OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1. Stored in each PHC string, so changing them
 * later keeps old hashes verifiable. */
export const ARGON2_PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** Absolute bounds: below 8 a password is guessable whatever the policy says; above 128 it is a paste accident
 * or an attempt to make hashing expensive. */
export const PASSWORD_MIN_FLOOR = 8;
export const PASSWORD_MAX_LENGTH = 128;

export async function hashPassword(plain: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return await argon2id({ password: plain, salt, ...ARGON2_PARAMS, outputType: "encoded" });
}

/** False for a wrong password and for anything that is not an argon2 PHC string (never throws). */
export async function verifyPassword(plain: string, encoded: string): Promise<boolean> {
  if (typeof plain !== "string" || typeof encoded !== "string" || !encoded.startsWith("$argon2")) {
    return false;
  }
  try {
    return await argon2Verify({ password: plain, hash: encoded });
  } catch {
    return false;
  }
}

// Characters people misread or mistype when a password is read aloud or copied from paper are left out:
// 0/O/o, 1/l/I/i/L, 2/Z/z, 5/S/s, 8/B, 6/G/b, 9/g/q.
const UPPER = "ACDEFHJKMNPQRTUVWXY";
const LOWER = "acdefhjkmnprtuvwxy";
const DIGITS = "3479";
export const PASSWORD_ALPHABET = UPPER + LOWER + DIGITS;

/**
 * A random password of `length` (3–128) characters from `PASSWORD_ALPHABET` with at least one upper-case
 * letter, one lower-case letter and one digit. Whole candidates that miss a class are drawn again, which keeps
 * the result uniform over all passwords that satisfy the rule (inserting the missing class would not).
 */
export function generatePassword(length = 8): string {
  if (!Number.isInteger(length) || length < 3 || length > PASSWORD_MAX_LENGTH) {
    throw new RangeError(`password length must be an integer from 3 to ${PASSWORD_MAX_LENGTH}`);
  }
  for (;;) {
    let out = "";
    for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomBelow(PASSWORD_ALPHABET.length)];
    if (hasAny(out, UPPER) && hasAny(out, LOWER) && hasAny(out, DIGITS)) return out;
  }
}

const hasAny = (text: string, chars: string) => [...text].some((c) => chars.includes(c));

/** Uniform integer in [0, n) for n ≤ 256: bytes at or above the largest multiple of n are rejected, since
 * `byte % n` alone would favour the first `256 % n` values. */
function randomBelow(n: number): number {
  const limit = 256 - (256 % n);
  const buffer = new Uint8Array(16);
  for (;;) {
    crypto.getRandomValues(buffer);
    for (const byte of buffer) if (byte < limit) return byte % n;
  }
}

export interface PasswordPolicy {
  /** At least 8 (smaller values are raised to 8). */
  minLength: number;
  /** Refuse the built-in list of common passwords. */
  refuseCommon: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 10, refuseCommon: true };

/**
 * The first reason `plain` is not acceptable as a new password, or null. Length counts code points, so
 * Georgian letters count one each. Keys: errors.passwordTooShort ({min}), errors.passwordTooLong ({max}),
 * errors.passwordCommon, errors.passwordLikeEmail, errors.passwordLikeName.
 */
export function checkPassword(
  plain: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  context: { email?: string; name?: string } = {},
): FieldError | null {
  const min = Math.min(Math.max(Math.trunc(policy.minLength) || 0, PASSWORD_MIN_FLOOR), PASSWORD_MAX_LENGTH);
  const length = [...plain].length;
  if (length < min) return { key: "errors.passwordTooShort", params: { min } };
  if (length > PASSWORD_MAX_LENGTH) {
    return { key: "errors.passwordTooLong", params: { max: PASSWORD_MAX_LENGTH } };
  }
  const folded = fold(plain);
  if (policy.refuseCommon && COMMON_PASSWORDS.has(folded)) return { key: "errors.passwordCommon" };
  const email = fold(context.email ?? "");
  const at = email.lastIndexOf("@");
  if (email && (folded === email || (at > 0 && folded === email.slice(0, at)))) {
    return { key: "errors.passwordLikeEmail" };
  }
  // "Nino Beridze" as a password, with or without the space, is the first thing anyone would try.
  const name = fold(context.name ?? "");
  if (name && (folded === name || folded === name.replace(/\s+/g, ""))) {
    return { key: "errors.passwordLikeName" };
  }
  return null;
}

const fold = (text: string) => text.trim().toLowerCase();

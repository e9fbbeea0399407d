/**
 * The version of everything a signed-in person's identity depends on besides their session: users (guard,
 * roles, disabled) and roles (their keys). `["meta", "auth_epoch"]` is set right after each such write commits,
 * in whichever process made it; cached identities (auth.ts) and the chat's people (chat/people.ts) compare its
 * versionstamp on every read, so a permission revoked through one instance is refused by every other one at
 * the next request.
 */
import { db } from "../db/kv.ts";

export const AUTH_EPOCH_KEY: Deno.KvKey = ["meta", "auth_epoch"];

/** Call after a user or role write committed (and before answering the person who made it). */
export async function bumpAuthEpoch(): Promise<void> {
  await db().set(AUTH_EPOCH_KEY, Date.now());
}

/**
 * The public student card behind a QR code (`/studentInfoQrCode/{token}`). The token is a JWT (HS256 pinned)
 * `{ studentId, exp }` signed with its own secret, `["meta", "qr_secret"]`, generated on first use: a card
 * token can never pass as a session token or the other way round, and rotating one secret leaves the other.
 * A card is valid for one year; the card shows only name, program and status.
 *
 * A card can be revoked: each token names a card id, and only the id stored for the student at
 * `["student_cards", studentId]` is honoured, so issuing a new card revokes the one before it and
 * `revokeStudentCard` revokes the current one. Links name the configured APP_ORIGIN, never the request's Host.
 */
import { base64url, jwtVerify, SignJWT } from "jose";
import qrcode from "qrcode-generator";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { appOrigins } from "../../utils/env.ts";

const SECRET_KEY: Deno.KvKey = ["meta", "qr_secret"];
export const CARD_VALID_SECONDS = 365 * 24 * 3600;
export const CARD_PATH = "/studentInfoQrCode/";
/** Our tokens are ~120 characters; anything far longer is not worth verifying. */
const TOKEN_MAX = 512;

// Per KV connection, so that tests on a fresh `:memory:` store get a fresh secret.
const keys = new WeakMap<Deno.Kv, Promise<CryptoKey>>();

async function storedSecret(kv: Deno.Kv): Promise<Uint8Array> {
  return await untilCommitted(async () => {
    const stored = await kv.get<string>(SECRET_KEY);
    if (stored.value) return base64url.decode(stored.value);
    const secret = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
    // Only if still absent: processes starting together all keep whichever secret committed first.
    const created = await kv.atomic().check({ key: SECRET_KEY, versionstamp: null }).set(SECRET_KEY, secret)
      .commit();
    return created.ok ? base64url.decode(secret) : RETRY;
  });
}

function signingKey(): Promise<CryptoKey> {
  const kv = db();
  let key = keys.get(kv);
  if (!key) {
    key = storedSecret(kv).then((bytes) =>
      crypto.subtle.importKey(
        "raw",
        bytes as Uint8Array<ArrayBuffer>,
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign", "verify"],
      )
    );
    key.catch(() => keys.delete(kv));
    keys.set(kv, key);
  }
  return key;
}

const cardKey = (studentId: number): Deno.KvKey => ["student_cards", studentId];

/** The student's current card, as stored: only a token naming this id is honoured. */
interface CardRecord {
  cardId: string;
  issuedAt: string;
}

/**
 * A signed card token for a student, valid for a year from `now` (seconds since the epoch). It becomes the
 * student's only valid card: every card issued before it is revoked.
 */
export async function signStudentCard(
  studentId: number,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const cardId = base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
  const token = await new SignJWT({ studentId, cid: cardId })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(now + CARD_VALID_SECONDS)
    .sign(await signingKey());
  const record: CardRecord = { cardId, issuedAt: new Date(now * 1000).toISOString() };
  await db().set(cardKey(studentId), record, { expireIn: CARD_VALID_SECONDS * 1000 });
  return token;
}

/** Revokes the student's card: its QR code shows nothing from now on. False when there was none. */
export async function revokeStudentCard(studentId: number): Promise<boolean> {
  const entry = await db().get<CardRecord>(cardKey(studentId));
  if (!entry.value) return false;
  await db().atomic().check(entry).delete(cardKey(studentId)).commit();
  return true;
}

/** The student a card token names, or null when it is malformed, tampered with or expired. */
export async function verifyStudentCard(token: string): Promise<number | null> {
  if (token.length > TOKEN_MAX) return null;
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: ["HS256"],
      requiredClaims: ["exp"],
    });
    const id = payload.studentId;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0 || typeof payload.cid !== "string") {
      return null;
    }
    const current = (await db().get<CardRecord>(cardKey(id))).value;
    return current?.cardId === payload.cid ? id : null;
  } catch {
    return null;
  }
}

/**
 * The card's absolute address: on the configured APP_ORIGIN (its first origin), so a forged Host header or a
 * TLS proxy in front cannot change what the printed QR code says. `fallbackOrigin` (the request's) serves only
 * when none is configured, as in development.
 */
export function studentCardHref(fallbackOrigin: string, token: string): string {
  return `${appOrigins()?.[0] ?? fallbackOrigin}${CARD_PATH}${token}`;
}

/** The QR code of `text` as an SVG data URL, for an `<img>` (no inline markup, so no CSP exception). */
export function qrDataUrl(text: string): string {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

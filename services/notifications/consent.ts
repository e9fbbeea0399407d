/**
 * Personal-data consent (SPEC §2.5, §3 "Consent submission"). Each person's decision on each policy version is
 * kept at `["consents", userId, version]`, with `["consents_by_version", version, userId]` → agreed for the
 * staff listing, and an audit entry per decision (a later decision replaces the record; the audit keeps all).
 *
 * Rules: agreeing needs an SMS code when the person is staff (`custom`) or a professor (`prof`) and has a
 * phone on file (`["user_phones", userId]`); the first agreement without a code sends one and answers 422
 * `sms_required`. Refusing needs no code; a refusal holds for the session it was given in, so the person is
 * asked again at the next sign-in. A new `CONSENT_POLICY_VERSION` asks everyone again.
 *
 * The shell renders synchronously, so the page middleware reads the decision first (`primeConsent`, one KV
 * read) and the layout asks `consentStateOf` the request: a decision taken through any process shows on the
 * next page, whichever process serves it. Unknown (not read for this request) makes the dialog island ask the
 * server itself.
 */
import { addAudit } from "../db/audit_log.ts";
import { db, readMany } from "../db/kv.ts";
import { issueCode, verifyCode } from "../identity/sms_codes.ts";
import type { User } from "../identity/users.ts";
import { AppError } from "../../utils/errors.ts";

export const CONSENT_POLICY_VERSION = "2026-09";

export type ConsentMethod = "plain" | "sms";

export interface ConsentDecision {
  userId: number;
  version: string;
  agreed: boolean;
  at: string;
  ip: string;
  method: ConsentMethod;
  /** Session of a refusal: the dialog stays away for the rest of that session only. */
  sid: string | null;
}

export type ConsentState = "agreed" | "pending" | "unknown";

const primed = new WeakMap<object, Exclude<ConsentState, "unknown">>();

export const consentKey = (userId: number, version = CONSENT_POLICY_VERSION) => ["consents", userId, version];
const phoneKey = (userId: number) => ["user_phones", userId];
const purposeOf = (version: string) => `consent:${version}`;

export async function phoneOf(userId: number): Promise<string | null> {
  return (await db().get<string>(phoneKey(userId))).value ?? null;
}

export async function setPhone(userId: number, phone: string | null): Promise<void> {
  if (phone === null) await db().delete(phoneKey(userId));
  else await db().set(phoneKey(userId), phone);
}

function stateOf(decision: ConsentDecision | null, sid: string): Exclude<ConsentState, "unknown"> {
  if (decision?.agreed) return "agreed";
  return decision && decision.sid === sid ? "agreed" : "pending";
}

/** The stored decision on the current version. */
export async function currentDecision(userId: number): Promise<ConsentDecision | null> {
  return (await db().get<ConsentDecision>(consentKey(userId))).value ?? null;
}

/** Whether the dialog must show for this session ("agreed" also covers a refusal earlier in the session). */
export async function consentState(userId: number, sid: string): Promise<"agreed" | "pending"> {
  return stateOf(await currentDecision(userId), sid);
}

/** Reads the person's state for the page `request` renders (the page middleware). */
export async function primeConsent(request: object, userId: number, sid: string): Promise<void> {
  primed.set(request, await consentState(userId, sid));
}

/** The state `primeConsent` read for this request; "unknown" when it did not. */
export function consentStateOf(request: object): ConsentState {
  return primed.get(request) ?? "unknown";
}

export interface DecideInput {
  user: Pick<User, "id" | "guard">;
  sid: string;
  agreed: boolean;
  code?: string;
  ip: string;
  /** The SMS text, `{code}` standing for the code (in the person's language). */
  smsText: string;
  now?: number;
}

/** Records a decision, or throws `sms_required` (a code was sent), `code_invalid`, `code_exhausted`, `sms_limit`. */
export async function decide(input: DecideInput): Promise<ConsentDecision> {
  const now = input.now ?? Date.now();
  const { user } = input;
  let method: ConsentMethod = "plain";
  if (input.agreed && (user.guard === "custom" || user.guard === "prof")) {
    const phone = await phoneOf(user.id);
    if (phone) {
      const purpose = purposeOf(CONSENT_POLICY_VERSION);
      if (!input.code) {
        await issueCode({ userId: user.id, phone, purpose, text: input.smsText, now });
        throw new AppError(422, "sms_required", "consent.errors.smsRequired");
      }
      const result = await verifyCode(user.id, purpose, input.code, now);
      if (result === "exhausted") throw new AppError(422, "code_exhausted", "consent.errors.codeExhausted");
      if (result !== "ok") throw new AppError(422, "code_invalid", "consent.errors.codeInvalid");
      method = "sms";
    }
  }
  const decision: ConsentDecision = {
    userId: user.id,
    version: CONSENT_POLICY_VERSION,
    agreed: input.agreed,
    at: new Date(now).toISOString(),
    ip: input.ip,
    method,
    sid: input.agreed ? null : input.sid,
  };
  await store(decision, user.id);
  return decision;
}

async function store(decision: ConsentDecision, actor: number | null): Promise<void> {
  const kv = db();
  const key = consentKey(decision.userId, decision.version);
  const before = (await kv.get<ConsentDecision>(key)).value ?? null;
  const atomic = kv.atomic()
    .set(key, decision)
    .set(["consents_by_version", decision.version, decision.userId], decision.agreed);
  addAudit(atomic, {
    entity: "consents",
    entityId: `${decision.userId}:${decision.version}`,
    actor,
    action: before ? "update" : "create",
    before,
    after: decision,
    at: decision.at,
  });
  await atomic.commit();
}

/** Demo data: decisions as if given at install time (the seed's people do not meet the dialog). */
export async function seedDecision(userId: number, at = new Date()): Promise<void> {
  await store(
    {
      userId,
      version: CONSENT_POLICY_VERSION,
      agreed: true,
      at: at.toISOString(),
      ip: "",
      method: "plain",
      sid: null,
    },
    null,
  );
}

export interface ConsentListQuery {
  version?: string;
  agreed?: boolean;
  page: number;
  limit: number;
}

/** Decisions on one version, by user id, optionally only agreements or refusals. */
export async function listDecisions(
  query: ConsentListQuery,
): Promise<{ data: ConsentDecision[]; total: number }> {
  const version = query.version ?? CONSENT_POLICY_VERSION;
  const ids: number[] = [];
  for await (const entry of db().list<boolean>({ prefix: ["consents_by_version", version] })) {
    if (query.agreed === undefined || entry.value === query.agreed) ids.push(entry.key[2] as number);
  }
  const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
  const entries = await readMany<ConsentDecision>(pageIds.map((id) => consentKey(id, version)));
  return { data: entries.flatMap((e) => (e.value ? [e.value] : [])), total: ids.length };
}

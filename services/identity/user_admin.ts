/**
 * Account administration for the permissions screen: staff accounts (guards `custom` and `user`) and professor
 * accounts (guard `prof`, each linked to an academic HR record). Initial and reset passwords are generated,
 * returned once and stored only as hashes. Disabling and password resets end every session of the person at
 * once (`revokeUserSessions` also closes their sockets through its listeners). Account 1, the super
 * administrator, is protected: nobody changes it here, or a holder of the users key could take it over.
 */
import { AppError, type FieldError, invalid, notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";
import type { HrPerson } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { getManyRecords, getRecord } from "../db/reads.ts";
import { updateRecord } from "../db/records.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import type { Role } from "./roles.ts";
import { revokeUserSessions } from "./sessions.ts";
import { recordHistory } from "../structure/views.ts";
import { bumpAuthEpoch } from "./epoch.ts";
import {
  createUser,
  type Guard,
  normalizeEmail,
  SUPER_ADMIN_ID,
  type User,
  userAuditView,
  userIndexes,
} from "./users.ts";

/** Which tab an account belongs to: staff (users tab, students optional) or professors. */
export type AccountKind = "staff" | "prof";

export interface AccountView {
  id: number;
  guard: Guard;
  student: boolean;
  email: string;
  name: string;
  nameEn: string;
  hrUserId: number | null;
  roleIds: number[];
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  versionstamp: string;
}

export interface AccountFilter {
  kind: AccountKind;
  text?: string;
  /** Staff tab only: also list student accounts (guard `user`, chat type `student`). */
  students?: boolean;
  page?: number;
  limit?: number;
}

export interface AccountInput {
  email: string;
  name: string;
  nameEn: string;
  guard: Guard;
  roleIds: number[];
  hrUserId: number | null;
}

export type AccountEdit = Omit<AccountInput, "email"> & { versionstamp?: string };

const isStudent = (u: User) => u.guard === "user" && u.chatType === "student";
const inKind = (u: User, kind: AccountKind, students = false) =>
  kind === "prof" ? u.guard === "prof" : u.guard !== "prof" && (students || !isStudent(u));

function view(user: User, versionstamp: string): AccountView {
  const { id, guard, email, name, nameEn, hrUserId, roleIds, disabled, createdAt, lastSignInAt } = user;
  return {
    id,
    guard,
    student: isStudent(user),
    email,
    name,
    nameEn,
    hrUserId,
    roleIds,
    disabled,
    createdAt,
    lastSignInAt,
    versionstamp,
  };
}

/** One page of the kind's accounts matching every word of `text` (names, email, id), by id. */
export async function listAccounts(filter: AccountFilter): Promise<{ items: AccountView[]; total: number }> {
  const words = (filter.text ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const matches: AccountView[] = [];
  // Accounts number in the thousands at most (students included): one prefix read is enough.
  for await (const entry of db().list<User>({ prefix: ["users"] })) {
    const u = entry.value;
    if (!inKind(u, filter.kind, filter.students)) continue;
    const haystack = `${u.id} ${u.email} ${u.name} ${u.nameEn}`.toLowerCase();
    if (words.every((w) => haystack.includes(w))) matches.push(view(u, entry.versionstamp));
  }
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 15) || 15, 1), 1000);
  const page = Math.max(Math.trunc(filter.page ?? 1) || 1, 1);
  return { items: matches.slice((page - 1) * limit, page * limit), total: matches.length };
}

async function loadAccount(id: number, kind: AccountKind) {
  const record = await getRecord<User>("users", id);
  // Another tab's account is answered like a missing one: each tab's key covers its own accounts only.
  if (!record || !inKind(record.value, kind, true)) throw notFound("user");
  return record;
}

function refuseProtected(id: number) {
  if (id === SUPER_ADMIN_ID) throw new AppError(409, "protected_account", "permissions.users.protected");
}

/** Field errors of roles and HR link (roles must exist; a professor needs an academic HR record). */
async function checkLinks(input: Omit<AccountInput, "email">, kind: AccountKind): Promise<void> {
  const fields: Record<string, FieldError> = {};
  const guardOk = kind === "prof" ? input.guard === "prof" : input.guard !== "prof";
  if (!guardOk) fields.guard = { key: "errors.invalidChoice" };
  const roles = await getManyRecords<Role>("roles", input.roleIds);
  if (roles.some((r) => r === null)) fields.roleIds = { key: "permissions.users.unknownRole" };
  if (kind === "prof" && input.hrUserId === null) fields.hrUserId = { key: "errors.required" };
  if (input.hrUserId !== null) {
    const hr = await getRecord<HrPerson>("hr", input.hrUserId);
    if (!hr) fields.hrUserId = { key: "errors.notFound", params: { entity: "hr" } };
    else if (kind === "prof" && hr.value.kind !== "academic") fields.hrUserId = { key: "errors.notAcademic" };
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

/** Creates the account with a generated 8-character password, returned here and nowhere else. */
export async function addAccount(
  input: AccountInput,
  kind: AccountKind,
  actor: number,
): Promise<{ account: AccountView; password: string }> {
  await checkLinks(input, kind);
  const password = generatePassword(8);
  const user = await createUser({
    email: normalizeEmail(input.email),
    name: input.name.trim(),
    nameEn: input.nameEn.trim(),
    guard: input.guard,
    chatType: input.guard === "prof" ? "prof" : "user",
    image: null,
    hrUserId: input.hrUserId,
    studentId: null,
    roleIds: [...new Set(input.roleIds)],
    linkedAccountIds: [],
    passwordHash: await hashPassword(password),
    disabled: false,
  }, actor);
  const record = await getRecord<User>("users", user.id);
  return { account: view(user, record!.versionstamp), password };
}

/** Writes a user with the usual indexes and audit; identities cached with the old record are dropped. */
async function writeUser(id: number, change: (u: User) => User, actor: number, versionstamp?: string) {
  const saved = await updateRecord<User>({
    collection: "users",
    id,
    change,
    indexes: userIndexes,
    auditView: userAuditView,
    audit: { actor },
    expectedVersionstamp: versionstamp,
  });
  await bumpAuthEpoch();
  return view(saved.value, saved.versionstamp);
}

export async function editAccount(id: number, input: AccountEdit, kind: AccountKind, actor: number) {
  refuseProtected(id);
  const current = await loadAccount(id, kind);
  await checkLinks(input, kind);
  const guardChanged = current.value.guard !== input.guard;
  const saved = await writeUser(
    id,
    (u) => ({
      ...u,
      name: input.name.trim(),
      nameEn: input.nameEn.trim(),
      guard: input.guard,
      roleIds: [...new Set(input.roleIds)],
      hrUserId: input.hrUserId,
    }),
    actor,
    input.versionstamp,
  );
  // Sessions carry the guard: with a new one they would be refused anyway, so end them cleanly.
  if (guardChanged) await revokeUserSessions(id);
  return saved;
}

/** Disables (ending every session at once) or enables an account. */
export async function setDisabled(
  id: number,
  disabled: boolean,
  kind: AccountKind,
  actor: number,
  versionstamp?: string,
): Promise<AccountView> {
  refuseProtected(id);
  if (id === actor) throw new AppError(409, "own_account", "permissions.users.ownAccount");
  const current = await loadAccount(id, kind);
  const saved = current.value.disabled === disabled
    ? view(current.value, current.versionstamp)
    : await writeUser(id, (u) => ({ ...u, disabled }), actor, versionstamp);
  if (disabled) await revokeUserSessions(id);
  return saved;
}

/** A new generated password (returned once); the person's sessions end. */
export async function resetPassword(id: number, kind: AccountKind, actor: number): Promise<string> {
  refuseProtected(id);
  if (id === actor) throw new AppError(409, "own_account", "permissions.users.ownAccount");
  await loadAccount(id, kind);
  const password = generatePassword(8);
  const passwordHash = await hashPassword(password);
  await writeUser(id, (u) => ({ ...u, passwordHash }), actor);
  await revokeUserSessions(id);
  return password;
}

/**
 * The account's history, newest first. Hashes never leave the server: a changed one shows as
 * `passwordReset: true`. Entries that only record a sign-in time are left out (the list shows the last one).
 */
export async function accountHistory(id: number, kind: AccountKind, lang: Lang) {
  await loadAccount(id, kind);
  const entries = await recordHistory("users", id, lang);
  const clean = (value: unknown) => {
    if (!value || typeof value !== "object") return value;
    const { passwordHash: _hash, passwordVersion: _version, lastSignInAt: _last, ...rest } = value as Record<
      string,
      unknown
    >;
    return rest;
  };
  return entries.flatMap((entry) => {
    const before = clean(entry.before) as Record<string, unknown> | null;
    const after = clean(entry.after) as Record<string, unknown> | null;
    // Older entries kept the hash itself; newer ones only a version number of it.
    const hashOf = (v: unknown) => {
      const kept = v as { passwordHash?: string; passwordVersion?: number } | null;
      return kept?.passwordVersion ?? kept?.passwordHash;
    };
    const reset = entry.action === "update" && hashOf(entry.before) !== hashOf(entry.after);
    if (entry.action === "update" && !reset && JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ ...entry, before, after: reset ? { ...after, passwordReset: true } : after }];
  });
}

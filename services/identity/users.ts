/**
 * People who sign in: staff (guard `custom`, or `user`), professors (guard `prof`) and students (guard `user`,
 * chat type `student`). A user holds roles; user id 1 is the super administrator and holds every key.
 */
import { bumpAuthEpoch } from "./epoch.ts";
import { ALL_PERMISSIONS } from "./permission_catalogue.ts";
import { createRecord, type IndexSpec, updateRecord } from "../db/records.ts";
import { findByIndex, getManyRecords, getRecord } from "../db/reads.ts";
import type { Role } from "./roles.ts";

export type Guard = "user" | "prof" | "custom";
export type ChatType = "user" | "prof" | "student";

export interface User {
  id: number;
  guard: Guard;
  chatType: ChatType;
  email: string;
  name: string;
  nameEn: string;
  image: string | null;
  hrUserId: number | null;
  studentId: number | null;
  roleIds: number[];
  /** Other accounts of the same person, which the account switcher offers. */
  linkedAccountIds: number[];
  passwordHash: string;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** What the browser and API clients may see of a user: never the hash. */
export interface PublicUser {
  id: number;
  guard: Guard;
  chatType: ChatType;
  name: string;
  nameEn: string;
  email: string;
  image: string | null;
  hrUserId: number | null;
}

export const SUPER_ADMIN_ID = 1;

export function publicUser(user: User): PublicUser {
  const { id, guard, chatType, name, nameEn, email, image, hrUserId } = user;
  return { id, guard, chatType, name, nameEn, email, image, hrUserId };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What the audit log keeps of a user: everything but the password hash, which is replaced by a short number
 * that only tells whether it changed (a history can show "password reset" without holding a secret).
 */
export const userAuditView = ({ passwordHash, ...rest }: User) => ({
  ...rest,
  passwordVersion: fingerprint(passwordHash),
});

function fingerprint(text: string): number {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = (hash * 33 + text.charCodeAt(i)) >>> 0;
  return hash % 100_000;
}

export const userIndexes = (user: User): IndexSpec[] => [
  { name: "users_by_email", value: normalizeEmail(user.email), unique: true, field: "email" },
  ...user.roleIds.map((roleId) => ({ name: "users_by_role", value: roleId })),
];

export async function getUser(id: number): Promise<User | null> {
  return (await getRecord<User>("users", id))?.value ?? null;
}

export async function findUserByEmail(email: string): Promise<User | null> {
  return (await findByIndex<User>("users", "users_by_email", normalizeEmail(email)))?.value ?? null;
}

export type NewUser = Omit<User, "id" | "createdAt" | "lastSignInAt">;

export async function createUser(input: NewUser, actor: number | null): Promise<User> {
  const created = await createRecord<User>({
    collection: "users",
    build: (id) => ({
      ...input,
      email: normalizeEmail(input.email),
      id,
      createdAt: new Date().toISOString(),
      lastSignInAt: null,
    }),
    indexes: userIndexes,
    auditView: userAuditView,
    audit: { actor },
  });
  // The chat's people (chat/people.ts) follow the same version.
  await bumpAuthEpoch();
  return created.value;
}

export async function updateUser(
  id: number,
  change: (user: User) => User,
  actor: number | null,
): Promise<User> {
  let before: User | null = null;
  const updated = await updateRecord<User>({
    collection: "users",
    id,
    change: (current) => change(before = structuredClone(current)),
    indexes: userIndexes,
    auditView: userAuditView,
    audit: { actor },
  });
  // Cached identities and the chat's people hold the old record: they must be read again — unless only the
  // time of the last sign-in moved (every sign-in writes it; every process reloading everyone for it would not do).
  if (!before || !sameBesidesSignIn(before, updated.value)) await bumpAuthEpoch();
  return updated.value;
}

const sameBesidesSignIn = (a: User, b: User) =>
  JSON.stringify({ ...a, lastSignInAt: null }) === JSON.stringify({ ...b, lastSignInAt: null });

/** The keys a user holds now: read on every request, so a role change counts from the next one. */
export async function permissionsOf(user: User): Promise<ReadonlySet<string>> {
  if (user.id === SUPER_ADMIN_ID) return new Set(ALL_PERMISSIONS);
  const roles = await getManyRecords<Role>("roles", user.roleIds);
  return new Set(roles.flatMap((role) => role?.value.keys ?? []));
}

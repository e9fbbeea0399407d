/**
 * Role administration for the permissions screen: list, create, rename and re-key, remove (refused while
 * anyone holds the role), and "who can do this" for one key. Every write moves the auth epoch, so signed-in
 * people hold the new keys from their next request, without signing in again.
 */
import { AppError, type FieldError, invalid } from "../../utils/errors.ts";
import { bumpAuthEpoch } from "./epoch.ts";
import { db } from "../db/kv.ts";
import { createRecord, removeRecord, updateRecord } from "../db/records.ts";
import { getManyRecords, listIdsByIndex } from "../db/reads.ts";
import { isPermissionKey } from "./permission_catalogue.ts";
import { type Role, roleIndexes } from "./roles.ts";
import { SUPER_ADMIN_ID, type User } from "./users.ts";

export interface RoleView extends Role {
  userCount: number;
  versionstamp: string;
}

export interface RoleInput {
  name: string;
  keys: string[];
}

export async function listRoles(): Promise<RoleView[]> {
  const roles: RoleView[] = [];
  for await (const entry of db().list<Role>({ prefix: ["roles"] })) {
    roles.push({ ...entry.value, userCount: 0, versionstamp: entry.versionstamp });
  }
  // Role counts are tiny; counting index keys per role keeps the users out of it.
  await Promise.all(roles.map(async (role) => {
    for await (const _ of db().list({ prefix: ["users_by_role", role.id] })) role.userCount++;
  }));
  return roles.sort((a, b) => a.name.localeCompare(b.name));
}

function normalized(input: RoleInput): RoleInput {
  const name = input.name.trim();
  const keys = [...new Set(input.keys)];
  const fields: Record<string, FieldError> = {};
  if (!name) fields.name = { key: "errors.required" };
  const unknown = keys.filter((k) => !isPermissionKey(k));
  if (unknown.length) {
    fields.keys = { key: "permissions.roles.unknownKeys", params: { keys: unknown.join(", ") } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return { name, keys };
}

export async function addRole(input: RoleInput, actor: number): Promise<RoleView> {
  const { name, keys } = normalized(input);
  const created = await createRecord<Role>({
    collection: "roles",
    build: (id) => ({ id, name, keys }),
    indexes: roleIndexes,
    audit: { actor },
  });
  await bumpAuthEpoch();
  return { ...created.value, userCount: 0, versionstamp: created.versionstamp };
}

export async function editRole(
  id: number,
  input: RoleInput,
  actor: number,
  versionstamp?: string,
): Promise<RoleView> {
  const { name, keys } = normalized(input);
  const saved = await updateRecord<Role>({
    collection: "roles",
    id,
    change: (role) => ({ ...role, name, keys }),
    indexes: roleIndexes,
    audit: { actor },
    expectedVersionstamp: versionstamp,
  });
  await bumpAuthEpoch();
  const { items } = await listIdsByIndex("users_by_role", id, { limit: 1000 });
  return { ...saved.value, userCount: items.length, versionstamp: saved.versionstamp };
}

/** Removes a role nobody holds; 409 `in_use` otherwise. */
export async function removeRole(id: number, actor: number, versionstamp?: string): Promise<void> {
  await removeRecord<Role>({
    collection: "roles",
    id,
    indexes: roleIndexes,
    audit: { actor },
    expectedVersionstamp: versionstamp,
    async guard() {
      const holders = await listIdsByIndex("users_by_role", id, { limit: 1 });
      if (holders.items.length) {
        throw new AppError(409, "in_use", "permissions.roles.inUse");
      }
    },
  });
  await bumpAuthEpoch();
}

export interface WhoCan {
  key: string;
  roles: { id: number; name: string }[];
  users: { id: number; email: string; name: string; nameEn: string; disabled: boolean; roleIds: number[] }[];
}

/** The roles holding `key` and the people holding those roles, plus the super administrator. */
export async function whoCan(key: string): Promise<WhoCan> {
  if (!isPermissionKey(key)) {
    throw invalid({ key: { key: "permissions.roles.unknownKeys", params: { keys: key } } });
  }
  const roles: Role[] = [];
  for await (const entry of db().list<Role>({ prefix: ["roles"] })) {
    if (entry.value.keys.includes(key)) roles.push(entry.value);
  }
  const ids = new Set<number>([SUPER_ADMIN_ID]);
  for (const role of roles) {
    for await (const entry of db().list<number>({ prefix: ["users_by_role", role.id] })) ids.add(entry.value);
  }
  const users = (await getManyRecords<User>("users", [...ids]))
    .flatMap((r) => (r ? [r.value] : []))
    .map(({ id, email, name, nameEn, disabled, roleIds }) => ({
      id,
      email,
      name,
      nameEn,
      disabled,
      roleIds,
    }));
  return { key, roles: roles.map(({ id, name }) => ({ id, name })), users };
}

/** Roles hold permission keys; users hold roles (ARCHITECTURE §6). */
import { createRecord, type IndexSpec } from "../db/records.ts";
import { isPermissionKey } from "./permission_catalogue.ts";

export interface Role {
  id: number;
  name: string;
  keys: string[];
}

export const roleIndexes = (role: Role): IndexSpec[] => [
  { name: "roles_by_name", value: role.name.trim().toLowerCase(), unique: true, field: "name" },
];

export async function createRole(name: string, keys: string[], actor: number | null): Promise<Role> {
  const unknown = keys.filter((key) => !isPermissionKey(key));
  if (unknown.length) throw new Error(`unknown permission keys: ${unknown.join(", ")}`);
  const created = await createRecord<Role>({
    collection: "roles",
    build: (id) => ({ id, name, keys: [...new Set(keys)] }),
    indexes: roleIndexes,
    audit: { actor },
  });
  return created.value;
}

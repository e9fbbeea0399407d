/**
 * The catalogue of assessment component types (/components): midterm, final, quiz, project, attendance …, named
 * in both languages, which a course's components are named after. A type is in use while some course has a
 * component of its name (in either language); removing it is then refused. Every change is audited (the log).
 */
import { db } from "../db/kv.ts";
import {
  createRecord,
  type IndexSpec,
  removeRecord,
  type StoredRecord,
  updateRecord,
} from "../db/records.ts";
import { listRecords } from "../db/reads.ts";
import { AUDIT, COMPONENT_TYPE_NAME_MAX, COMPONENT_TYPES, type ComponentType } from "./model.ts";
import { AppError, type FieldError, invalid } from "../../utils/errors.ts";

export interface ComponentTypeInput {
  nameKa: string;
  nameEn: string;
}

const normalized = (name: string) => name.trim().toLocaleLowerCase();

const indexes = (t: ComponentType): IndexSpec[] => [
  { name: "component_types_by_name_ka", value: normalized(t.nameKa), unique: true, field: "nameKa" },
  { name: "component_types_by_name_en", value: normalized(t.nameEn), unique: true, field: "nameEn" },
];

function clean(input: ComponentTypeInput): ComponentTypeInput {
  const fields: Record<string, FieldError> = {};
  const out = { nameKa: input.nameKa.trim(), nameEn: input.nameEn.trim() };
  for (const name of ["nameKa", "nameEn"] as const) {
    if (!out[name]) fields[name] = { key: "errors.required" };
    else if (out[name].length > COMPONENT_TYPE_NAME_MAX) {
      fields[name] = { key: "errors.tooLong", params: { max: COMPONENT_TYPE_NAME_MAX } };
    }
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return out;
}

export async function listComponentTypes(): Promise<StoredRecord<ComponentType>[]> {
  const page = await listRecords<ComponentType>(COMPONENT_TYPES, { limit: 1000 });
  return page.items;
}

export async function addComponentType(input: ComponentTypeInput, actor: number | null) {
  const value = clean(input);
  return await createRecord<ComponentType>({
    collection: COMPONENT_TYPES,
    build: (id) => ({ id, ...value }),
    indexes,
    audit: { actor, entity: AUDIT.componentType },
  });
}

export async function editComponentType(
  id: number,
  input: ComponentTypeInput,
  versionstamp: string | undefined,
  actor: number | null,
) {
  const value = clean(input);
  return await updateRecord<ComponentType>({
    collection: COMPONENT_TYPES,
    id,
    indexes,
    audit: { actor, entity: AUDIT.componentType },
    expectedVersionstamp: versionstamp,
    change: (current) => ({ ...current, ...value }),
  });
}

/** Courses whose components carry the type's name, and the versionstamps they were read at. */
async function coursesUsing(type: ComponentType) {
  const names = new Set([normalized(type.nameKa), normalized(type.nameEn)]);
  const using: Deno.AtomicCheck[] = [];
  for await (
    const e of db().list<{ items: { nameKa: string; nameEn: string }[] }>({ prefix: ["book_components"] }, {
      batchSize: 1000,
    })
  ) {
    if (e.value.items.some((c) => names.has(normalized(c.nameKa)) || names.has(normalized(c.nameEn)))) {
      using.push({ key: e.key, versionstamp: e.versionstamp });
    }
  }
  return using;
}

export async function removeComponentType(id: number, versionstamp: string, actor: number | null) {
  return await removeRecord<ComponentType>({
    collection: COMPONENT_TYPES,
    id,
    indexes,
    audit: { actor, entity: AUDIT.componentType },
    expectedVersionstamp: versionstamp,
    async guard(current) {
      const using = await coursesUsing(current);
      if (using.length) {
        throw new AppError(409, "in_use", "lists.errors.typeInUse", { params: { count: using.length } });
      }
    },
  });
}

export interface TypeLogEntry {
  id: string;
  typeId: number;
  actor: number | string | null;
  action: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** Every change of the catalogue, newest first (the catalogue is small: at most a few hundred entries). */
export async function componentTypeLog(limit: number): Promise<TypeLogEntry[]> {
  const out: TypeLogEntry[] = [];
  for await (
    const e of db().list<Omit<TypeLogEntry, "id" | "typeId">>({ prefix: ["audit", AUDIT.componentType] })
  ) {
    out.push({ id: e.key[3] as string, typeId: e.key[2] as number, ...e.value });
  }
  return out.sort((a, b) => b.id.localeCompare(a.id)).slice(0, limit);
}

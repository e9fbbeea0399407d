/**
 * The stored data's schema version: the number of the last migration (migrations.ts) that finished on it.
 * Data written before migrations existed has none and counts as 0.
 */
export const SCHEMA_VERSION_KEY: Deno.KvKey = ["meta", "schema_version"];

export async function readSchemaVersion(kv: Deno.Kv): Promise<number> {
  const entry = await kv.get<number>(SCHEMA_VERSION_KEY);
  return entry.value ?? 0;
}

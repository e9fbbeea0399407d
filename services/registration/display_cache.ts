/**
 * Values the /registration page shows for many sections at once: the courses' conditions (for each row's
 * eligibility) and the names the reasons mention. Kept in this process while the version keys of their source
 * stay put — every `many` compares them (one `getMany`) and drops the table when one moved — so an edit through
 * any instance shows at the next page; the time to live bounds what a write that moved no key (a bulk import)
 * leaves behind. Decisions never read them from here: a registration reads the conditions it checks in its own
 * atomic's read. The seats left are not kept: they move with every registration, so the page reads them.
 */
import { db } from "../db/kv.ts";

export function ttlCache<K, V>(ttlMs: number, versionKeys: Deno.KvKey[]) {
  const held = new WeakMap<Deno.Kv, { stamps: string; map: Map<K, { at: number; value: V }> }>();
  const table = async () => {
    const kv = db();
    const stamps = (await kv.getMany(versionKeys)).map((e) => e.versionstamp ?? "-").join();
    let current = held.get(kv);
    if (!current || current.stamps !== stamps) held.set(kv, current = { stamps, map: new Map() });
    return current.map;
  };
  return {
    /**
     * Reads the version keys now, for a `many` to come: a page that starts this with its first reads saves
     * the round trip `many` would make once it knows its ids.
     */
    current: table,
    /** The values of `ids`: the fresh ones from here, the rest from `load` (which answers in the same order). */
    async many(
      ids: readonly K[],
      load: (missing: K[]) => Promise<V[]>,
      current: Promise<Map<K, { at: number; value: V }>> = table(),
    ): Promise<Map<K, V>> {
      const map = await current;
      const now = Date.now();
      const out = new Map<K, V>();
      const missing: K[] = [];
      for (const id of new Set(ids)) {
        const entry = map.get(id);
        if (entry && now - entry.at < ttlMs) out.set(id, entry.value);
        else missing.push(id);
      }
      if (missing.length) {
        const loaded = await load(missing);
        if (map.size > 50_000) map.clear();
        missing.forEach((id, i) => {
          map.set(id, { at: now, value: loaded[i] });
          out.set(id, loaded[i]);
        });
      }
      return out;
    },
  };
}

/**
 * Values the /registration page shows for many sections at once: the courses' conditions (for each row's
 * eligibility), the names the reasons mention, and the seats left (a second old at most). Kept in this process for a few
 * seconds (a condition edited in another process shows within the time to live); decisions never read them
 * from here — a registration reads the conditions it checks in its own atomic's read.
 */
import { db } from "../db/kv.ts";
import type { SectionSeats, SectionSettings } from "./model.ts";

export function ttlCache<K, V>(ttlMs: number) {
  const held = new WeakMap<Deno.Kv, Map<K, { at: number; value: V }>>();
  const table = () => {
    let map = held.get(db());
    if (!map) held.set(db(), map = new Map());
    return map;
  };
  return {
    /** Drops one value (this process just changed it). */
    forget(id: K) {
      table().delete(id);
    },
    /** The values of `ids`: the fresh ones from here, the rest from `load` (which answers in the same order). */
    async many(ids: readonly K[], load: (missing: K[]) => Promise<V[]>): Promise<Map<K, V>> {
      const map = table();
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

/** Seats and settings shown on the page: a second old at most, and dropped when this process changes them. */
export const shownSeats = ttlCache<
  string,
  { id: string; seats: SectionSeats; settings: SectionSettings | null }
>(1_000);

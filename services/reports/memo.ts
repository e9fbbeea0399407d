/**
 * A report's rows kept per filter until one of `versionKeys` moves (db/snapshot.ts: every writer of the data
 * moves one in its own atomic), so paging through a report, or the export after the preview, does not compute
 * it again. A few filters are kept; the oldest goes first.
 */
import { kvSnapshot } from "../db/snapshot.ts";
import type { ReportRow } from "./model.ts";
import { keepBounded } from "../../utils/bounded_map.ts";

const KEPT_FILTERS = 16;

export function rowsMemo(versionKeys: Deno.KvKey[]) {
  const kept = kvSnapshot({
    versionKeys,
    load: () => Promise.resolve(new Map<string, Promise<ReportRow[]>>()),
  });
  return async (key: unknown[], compute: () => Promise<ReportRow[]>): Promise<ReportRow[]> => {
    const rows = await kept.get();
    const name = JSON.stringify(key);
    let found = rows.get(name);
    if (!found) {
      found = compute();
      keepBounded(rows, name, found, KEPT_FILTERS);
      found.catch(() => rows.delete(name));
    }
    return await found;
  };
}

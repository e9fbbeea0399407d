/**
 * Every ledger entry by date (the transactions screen and its export, the period reports): the date index
 * names the student of each entry; entries are read ten at a time and filtered by kind, student and source.
 */
import { db, readMany } from "../db/kv.ts";
import { type EntryKind, keys, type LedgerEntry, type SourceType } from "./model.ts";

export interface EventFilter {
  from?: string;
  to?: string;
  kind?: EntryKind;
  studentId?: number;
  source?: SourceType;
}

/** Most entries one listing reads (an export of more is asked to narrow its dates). */
export const EVENTS_MAX = 100_000;

/**
 * Entries in [from, to], newest first, matching the filter; with `paging`, only that page's entries (and the
 * total) — read from the date index alone when only dates and the student filter, so a page costs its own
 * entries. `truncated` when EVENTS_MAX stopped the read.
 */
export async function listEvents(
  filter: EventFilter,
  paging?: { page: number; limit: number },
): Promise<{ entries: LedgerEntry[]; total: number; truncated: boolean }> {
  const selector: Deno.KvListSelector = {
    start: [...keys.events(), filter.from ?? ""],
    end: [...keys.events(), `${filter.to ?? "9999-12-31"}\uffff`],
  };
  const refs: Deno.KvKey[] = [];
  let truncated = false;
  for await (const e of db().list<number>(selector, { reverse: true, batchSize: 1000 })) {
    const [, date, id] = e.key as [string, string, string];
    if (filter.studentId !== undefined && e.value !== filter.studentId) continue;
    if (refs.length >= EVENTS_MAX) {
      truncated = true;
      break;
    }
    refs.push(keys.entry(e.value, date, id));
  }
  const from = paging ? (paging.page - 1) * paging.limit : 0;
  const to = paging ? from + paging.limit : Infinity;
  const byEntry = filter.kind !== undefined || filter.source !== undefined;
  if (!byEntry) {
    const page = refs.slice(from, to === Infinity ? undefined : to);
    const entries = (await readMany<LedgerEntry>(page)).flatMap((e) => e.value ? [e.value] : []);
    return { entries, total: refs.length, truncated };
  }
  const matching = (await readMany<LedgerEntry>(refs)).flatMap((e) => e.value ? [e.value] : []).filter((e) =>
    (!filter.kind || e.kind === filter.kind) && (!filter.source || e.source.type === filter.source)
  );
  return {
    entries: matching.slice(from, to === Infinity ? undefined : to),
    total: matching.length,
    truncated,
  };
}

/**
 * The courses list's in-process snapshot: every course with its flags (books/flags.ts) and lowercase search
 * text, newest first, so that filtering 10,000 of them costs a fraction of a millisecond instead of a KV scan.
 *
 * Freshness (db/snapshot.ts): every read first reads three keys in one `getMany` — the courses' version
 * (books/version.ts), their id counter, and the flags' version — and compares their versionstamps with the ones
 * the snapshot was built at. A read that starts after a write, in this process or any other, therefore sees it:
 * one changed course is re-read alone, changed flags are re-read (they are few), anything else reloads in full.
 */
import type { Book } from "../academic/model.ts";
import { BOOK_FLAGS_VERSION_KEY, type BookFlags, NO_FLAGS, readAllBookFlags } from "./flags.ts";
import { BOOKS_COUNTER_KEY, BOOKS_VERSION_KEY, singleChange } from "./version.ts";
import { kvSnapshot, type Versions } from "../db/snapshot.ts";
import { getRecent, keepBounded } from "../../utils/bounded_map.ts";

/** One course as the filter scans it: the compared fields copied onto one flat shape (a monomorphic loop). */
export interface IndexedBook {
  id: number;
  credit: number;
  type: 1 | 2;
  /** 0 active, 1 closed. */
  statusCode: number;
  lang: string;
  langCode: string;
  conditionStatus: 0 | 1;
  componentCount: number;
  /** Id, code and both names, lowercase, fields apart. */
  search: string;
  book: Book;
  versionstamp: string;
}

/** One row of the list as the API and the page show it. */
export interface BookListRow {
  id: number;
  name: string;
  nameEng: string;
  code: string;
  credit: number;
  type: 1 | 2;
  status: "active" | "closed";
  lang: string | null;
  langCode: "geo" | "eng";
  level: number | null;
  conditionStatus: 0 | 1;
  componentCount: number;
  /** The course as this row shows it: removing it from the list sends this, so a stale row answers 409. */
  versionstamp: string;
}

export function bookListRow(
  { book: b, conditionStatus, componentCount, versionstamp }: IndexedBook,
): BookListRow {
  return {
    id: b.id,
    name: b.name,
    nameEng: b.nameEng,
    code: b.code,
    credit: b.credit,
    type: b.type,
    status: b.status,
    lang: b.lang,
    langCode: b.langCode,
    level: b.level,
    conditionStatus,
    componentCount,
    versionstamp,
  };
}

export interface BookFilter {
  /** Part of the id, the code or either name. */
  text?: string;
  credit?: number;
  type?: 1 | 2;
  status?: "active" | "closed";
  /** 1: with conditions (conditionStatus 1), 2: without. */
  conditions?: 1 | 2;
  /** 1: with components, 2: without. */
  components?: 1 | 2;
  /** Any of these languages (language-type courses). */
  lang?: string[];
  langCode?: "geo" | "eng";
}

interface Snapshot {
  flags: Map<number, BookFlags>;
  /** Id descending: newest first, the list's order. */
  ordered: IndexedBook[];
  /** Every row's search text in one string, built on the first text search after a change (`textMatches`). */
  text: JoinedText | null;
}

interface JoinedText {
  joined: string;
  starts: Int32Array;
  /**
   * The positions found for recent needles, most recent last. A short needle such as "ის" (a common Georgian
   * ending) matches thousands of rows, and scanning for it was a fifth of a filtered page's CPU; staff page
   * through one search and reopen it. Dropped with the text whenever a course or its flags change.
   */
  recent: Map<string, readonly number[]>;
}

/** Needles whose matches are kept (each at most one number per course). */
const RECENT_NEEDLES = 32;

const FIELD = "\u0001";
const ROW = "\u0002";

export function normalizeBookSearch(text: string): string {
  return text.replaceAll(FIELD, "").replaceAll(ROW, "").trim().replace(/\s+/g, " ").toLowerCase();
}

function indexed(book: Book, versionstamp: string, flags: BookFlags): IndexedBook {
  return {
    id: book.id,
    credit: book.credit,
    type: book.type,
    statusCode: book.status === "closed" ? 1 : 0,
    lang: book.lang ?? "",
    langCode: book.langCode,
    conditionStatus: flags.conditionStatus,
    componentCount: flags.componentCount,
    search: [book.id, book.code, book.name, book.nameEng].join(FIELD).toLowerCase(),
    book,
    versionstamp,
  };
}

async function fullLoad(kv: Deno.Kv): Promise<Snapshot> {
  const [entries, flags] = await Promise.all([
    (async () => {
      const all: Deno.KvEntry<Book>[] = [];
      for await (const entry of kv.list<Book>({ prefix: ["books"] }, { batchSize: 1000 })) all.push(entry);
      return all;
    })(),
    readAllBookFlags(),
  ]);
  const ordered = entries.map((e) => indexed(e.value, e.versionstamp, flags.get(e.value.id) ?? NO_FLAGS))
    .sort((a, b) => b.id - a.id);
  return { flags, ordered, text: null };
}

/** Where `id` is, or would go, in the id-descending list. */
function position(ordered: IndexedBook[], id: number): number {
  let low = 0, high = ordered.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ordered[mid].id > id) low = mid + 1;
    else high = mid;
  }
  return low;
}

async function reloadOne(kv: Deno.Kv, target: Snapshot, id: number): Promise<void> {
  const entry = await kv.get<Book>(["books", id]);
  target.text = null;
  const at = position(target.ordered, id);
  const present = target.ordered[at]?.id === id;
  if (entry.versionstamp === null) {
    if (present) target.ordered.splice(at, 1);
    return;
  }
  const row = indexed(entry.value, entry.versionstamp, target.flags.get(id) ?? NO_FLAGS);
  if (present) target.ordered[at] = row;
  else target.ordered.splice(at, 0, row);
}

async function reloadFlags(target: Snapshot): Promise<void> {
  target.flags = await readAllBookFlags();
  target.text = null;
  target.ordered = target.ordered.map((row) => {
    const flags = target.flags.get(row.id) ?? NO_FLAGS;
    return flags.conditionStatus === row.conditionStatus && flags.componentCount === row.componentCount
      ? row
      : indexed(row.book, row.versionstamp, flags);
  });
}

/**
 * One course written since (books/version.ts) is re-read alone and changed flags re-read (they are few);
 * anything else reloads in full.
 */
async function update(held: Snapshot, from: Versions, to: Versions, kv: Deno.Kv): Promise<Snapshot | null> {
  const [version, counter, flagsVersion] = to;
  const booksMoved = from[0].versionstamp !== version.versionstamp ||
    from[1].versionstamp !== counter.versionstamp;
  const one = booksMoved
    ? singleChange({ version: from[0].versionstamp, counter: from[1].versionstamp }, version, counter)
    : null;
  if (booksMoved && one === null) return null;
  // Flags first: the re-read course then gets its current flags.
  if (from[2].versionstamp !== flagsVersion.versionstamp) await reloadFlags(held);
  if (one !== null) await reloadOne(kv, held, one);
  return held;
}

const snapshot = kvSnapshot({
  versionKeys: [BOOKS_VERSION_KEY, BOOKS_COUNTER_KEY, BOOK_FLAGS_VERSION_KEY],
  load: fullLoad,
  update,
});

/**
 * Positions in `ordered` of the rows whose search text holds `needle`, in order: one `indexOf` over all rows'
 * text joined (V8 searches long strings with Boyer-Moore-Horspool) skips the rows without a match in bulk.
 */
function textMatches(target: Snapshot, needle: string): readonly number[] {
  if (!target.text) {
    const starts = new Int32Array(target.ordered.length);
    let at = 0;
    target.ordered.forEach((row, i) => {
      starts[i] = at;
      at += row.search.length + 1;
    });
    target.text = { joined: target.ordered.map((row) => row.search).join(ROW), starts, recent: new Map() };
  }
  const { joined, starts, recent } = target.text;
  const known = getRecent(recent, needle);
  if (known) return known;
  const found: number[] = [];
  for (let at = joined.indexOf(needle); at !== -1;) {
    let low = 0, high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= at) low = mid;
      else high = mid - 1;
    }
    found.push(low);
    at = low + 1 < starts.length ? joined.indexOf(needle, starts[low + 1]) : -1;
  }
  keepBounded(recent, needle, found, RECENT_NEEDLES);
  return found;
}

/** Loads the snapshot ahead of the first request. */
export async function warmBookIndex(): Promise<void> {
  await snapshot.get();
}

export interface FoundBooks {
  rows: IndexedBook[];
  total: number;
}

/**
 * Courses matching every given criterion, newest first: one page (`page` 1-based, `limit` rows), or all of
 * them when `paging` is null (the export).
 */
export async function findBooks(
  filter: BookFilter,
  paging: { page: number; limit: number } | null = null,
): Promise<FoundBooks> {
  const held = await snapshot.get();
  const { ordered } = held;
  const from = paging ? (paging.page - 1) * paging.limit : 0;
  const to = paging ? from + paging.limit : Infinity;
  const needle = filter.text ? normalizeBookSearch(filter.text) : "";
  const { credit, type, conditions, components, langCode } = filter;
  const statusCode = filter.status === undefined ? -1 : filter.status === "closed" ? 1 : 0;
  const langs = filter.lang?.length ? new Set(filter.lang) : null;
  const unfiltered = !needle && credit === undefined && type === undefined && statusCode === -1 &&
    conditions === undefined && components === undefined && !langs && langCode === undefined;
  if (unfiltered) {
    return { rows: ordered.slice(from, to === Infinity ? undefined : to), total: ordered.length };
  }
  const rows: IndexedBook[] = [];
  let total = 0;
  const scanned = needle ? textMatches(held, needle).map((i) => ordered[i]) : ordered;
  for (const row of scanned) {
    if (
      (credit !== undefined && row.credit !== credit) ||
      (type !== undefined && row.type !== type) ||
      (statusCode !== -1 && row.statusCode !== statusCode) ||
      (conditions !== undefined && (row.conditionStatus === 1) !== (conditions === 1)) ||
      (components !== undefined && (row.componentCount > 0) !== (components === 1)) ||
      (langCode !== undefined && row.langCode !== langCode) ||
      (langs !== null && !langs.has(row.lang))
    ) continue;
    if (total >= from && total < to) rows.push(row);
    total++;
  }
  return { rows, total };
}

/**
 * Server time of the courses list and export, in-process against the KV at KV_PATH (the large demo university,
 * 10,000 courses):
 *   - 1,000 `bookList` calls through `app.request()` (every middleware, session, permission, validation and the
 *     JSON body, without a socket), each with at least one filter of SPEC §2.4 in random combination, and the
 *     list function alone (`findBooks`) for the same filters;
 *   - `bookExport` of every course (no filter: 10,000 rows), five times.
 * Prints one line `books-list <json>` (read by bench/books.ts). On its own:
 *   KV_PATH=./data/large.kv deno run --allow-read --allow-write=./data --allow-env bench/books_list.ts
 */
import * as XLSX from "@e965/xlsx";
import { createApp } from "../main.ts";
import { type BookFilter, findBooks } from "../services/books/list_index.ts";
import { Random } from "../services/seed/random.ts";
import { percentile } from "./report.ts";
import { sessionToken } from "./in_process_app.ts";

const CALLS = 1000;
const WARMUP = 100;
const EXPORTS = 5;
const LANGS = ["gr", "en", "fr", "ru", "es", "tu"];

export interface BooksTiming {
  calls: number;
  books: number;
  /** Milliseconds. */
  fn: { p50: number; p95: number; max: number };
  api: { p50: number; p95: number; max: number };
  matchedMedian: number;
  empty: number;
  export: { rows: number; medianMs: number; maxMs: number; bytes: number };
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted.at(-1)!),
  };
}

/** Filters as a registrar sets them: parts of names and codes, ids, and the panel's choices; never none. */
async function filters(
  random: Random,
  count: number,
): Promise<{ filter: BookFilter; page: number; limit: number }[]> {
  const everyone = (await findBooks({})).rows.map((row) => row.book);
  const out = [];
  while (out.length < count) {
    const filter: BookFilter = {};
    if (random.next() < 0.5) {
      const b = random.pick(everyone);
      const kind = random.next();
      filter.text = kind < 0.3
        ? b.name.slice(0, random.int(3, 8))
        : kind < 0.6
        ? b.nameEng.slice(0, random.int(3, 8))
        : kind < 0.85
        ? b.code.slice(0, random.int(3, b.code.length))
        : String(b.id);
    }
    if (random.next() < 0.25) filter.credit = random.pick([3, 4, 5, 6, 7, 8, 10]);
    if (random.next() < 0.3) filter.type = random.pick([1, 2] as const);
    if (random.next() < 0.3) filter.status = random.pick(["active", "closed"] as const);
    if (random.next() < 0.25) filter.conditions = random.pick([1, 2] as const);
    if (random.next() < 0.25) filter.components = random.pick([1, 2] as const);
    if (random.next() < 0.2) filter.lang = [...new Set([random.pick(LANGS), random.pick(LANGS)])];
    if (random.next() < 0.25) filter.langCode = random.pick(["geo", "eng"] as const);
    if (Object.keys(filter).length === 0) continue;
    out.push({
      filter,
      page: random.next() < 0.8 ? 1 : random.int(2, 5),
      limit: random.pick([15, 15, 15, 20, 40]),
    });
  }
  return out;
}

const query = (q: { filter: BookFilter; page: number; limit: number }) => {
  const params = new URLSearchParams({ page: String(q.page), limit: String(q.limit) });
  for (const [k, v] of Object.entries(q.filter)) {
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  }
  return params.toString();
};

async function main(): Promise<BooksTiming> {
  const kvPath = Deno.env.get("KV_PATH");
  if (!kvPath) throw new Error("set KV_PATH to a KV seeded with `deno task seed --size large`");
  const app = await createApp({ kvPath });
  const token = await sessionToken("staff@uni.test", 600);
  const headers = { authorization: `Bearer ${token}` };
  const calls = await filters(new Random(5151), CALLS + WARMUP);

  const fnTimes: number[] = [];
  const matched: number[] = [];
  for (const [i, call] of calls.entries()) {
    const started = performance.now();
    const found = await findBooks(call.filter, { page: call.page, limit: call.limit });
    const took = performance.now() - started;
    if (i >= WARMUP) {
      fnTimes.push(took);
      matched.push(found.total);
    }
  }
  const apiTimes: number[] = [];
  for (const [i, call] of calls.entries()) {
    const started = performance.now();
    const response = await app.request(`/api/books?${query(call)}`, { headers });
    const body = await response.text();
    const took = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`GET /api/books?${query(call)}: HTTP ${response.status} ${body}`);
    }
    if (i >= WARMUP) apiTimes.push(took);
  }

  const exportTimes: number[] = [];
  let bytes = 0, rows = 0;
  for (let i = 0; i < EXPORTS; i++) {
    const started = performance.now();
    const response = await app.request("/api/books/export", { headers });
    const file = new Uint8Array(await response.arrayBuffer());
    exportTimes.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET /api/books/export: HTTP ${response.status}`);
    bytes = file.byteLength;
    if (i === 0) {
      const book = XLSX.read(file);
      rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]]).length;
    }
  }
  exportTimes.sort((a, b) => a - b);

  matched.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    calls: CALLS,
    books: (await findBooks({}, { page: 1, limit: 1 })).total,
    fn: stats(fnTimes),
    api: stats(apiTimes),
    matchedMedian: percentile(matched, 0.5),
    empty: matched.filter((n) => n === 0).length,
    export: { rows, medianMs: round(percentile(exportTimes, 0.5)), maxMs: round(exportTimes.at(-1)!), bytes },
  };
}

if (import.meta.main) {
  console.log(`books-list ${JSON.stringify(await main())}`);
  Deno.exit(0);
}

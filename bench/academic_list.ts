/**
 * Server time of the students list, measured in-process against the KV at KV_PATH (the large demo university):
 * 1,000 list calls with random filter combinations (text, school, program, status, admission year; random page
 * and page size), timed twice —
 *   - the list function the API and the page call (`findStudents` + `listRow` for each row), and
 *   - the whole API operation `studentList` through `app.request()`: every middleware, the session, the
 *     permission check, query validation and the JSON body, without a socket.
 * Prints one line `students-list <json>` (read by bench/academic.ts). Run by `deno task bench`; on its own:
 *   KV_PATH=./data/large.kv deno run --allow-read --allow-write=./data --allow-env bench/academic_list.ts
 */
import { createApp } from "../main.ts";
import type { StudentStatus } from "../services/academic/model.ts";
import { findStudents, type StudentFilter, studentStructure } from "../services/students/list_index.ts";
import { listRow } from "../services/students/structure.ts";
import { Random } from "../services/seed/random.ts";
import { sessionToken } from "./in_process_app.ts";
import { percentile } from "./report.ts";

const CALLS = 1000;
const WARMUP = 100;
const STATUSES: StudentStatus[] = ["active", "suspended", "graduated", "withdrawn"];
const LIMITS = [15, 15, 15, 20, 40];

export interface ListTiming {
  calls: number;
  students: number;
  /** Milliseconds. */
  fn: { p50: number; p95: number; max: number };
  api: { p50: number; p95: number; max: number };
  /** Median number of students a filter matched, and how many filters matched none. */
  matchedMedian: number;
  empty: number;
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

/** Filters as a registrar types them: parts of names in either script, personal numbers, ids, and choices. */
async function filters(
  random: Random,
  count: number,
): Promise<{ filter: StudentFilter; page: number; limit: number }[]> {
  const everyone = (await findStudents({})).rows.map((row) => row.student);
  const { programList, schoolList } = await studentStructure();
  const out = [];
  for (let i = 0; i < count; i++) {
    const filter: StudentFilter = {};
    if (random.next() < 0.5) {
      const s = random.pick(everyone);
      const kind = random.next();
      filter.text = kind < 0.3
        ? s.lastNameKa.slice(0, random.int(2, 5))
        : kind < 0.55
        ? s.lastNameEn.slice(0, random.int(3, 6)).toLowerCase()
        : kind < 0.7
        ? `${s.firstNameKa} ${s.lastNameKa}`
        : kind < 0.9
        ? s.personalNumber.slice(0, random.int(4, 11))
        : String(s.id);
    }
    if (random.next() < 0.35) filter.schoolId = random.pick(schoolList).id;
    if (random.next() < 0.3) {
      const programs = programList.filter((p) =>
        filter.schoolId === undefined || p.schoolId === filter.schoolId
      );
      filter.programId = random.pick(programs).id;
    }
    if (random.next() < 0.35) filter.status = random.pick(STATUSES);
    if (random.next() < 0.3) filter.admissionYear = random.int(2021, 2026);
    out.push({ filter, page: random.next() < 0.8 ? 1 : random.int(2, 5), limit: random.pick(LIMITS) });
  }
  return out;
}

const query = (q: { filter: StudentFilter; page: number; limit: number }) => {
  const params = new URLSearchParams({ page: String(q.page), limit: String(q.limit) });
  for (const [k, v] of Object.entries(q.filter)) params.set(k, String(v));
  return params.toString();
};

async function main(): Promise<ListTiming> {
  const kvPath = Deno.env.get("KV_PATH");
  if (!kvPath) throw new Error("set KV_PATH to a KV seeded with `deno task seed --size large`");
  const app = await createApp({ kvPath });
  const token = await sessionToken("staff@uni.test", 600);
  const headers = { authorization: `Bearer ${token}` };
  const random = new Random(4242);
  const calls = await filters(random, CALLS + WARMUP);

  const fnTimes: number[] = [];
  const matched: number[] = [];
  for (const [i, call] of calls.entries()) {
    const started = performance.now();
    const found = await findStudents(call.filter, { page: call.page, limit: call.limit });
    found.rows.map((row) => listRow(row, found.structure));
    const took = performance.now() - started;
    if (i >= WARMUP) {
      fnTimes.push(took);
      matched.push(found.total);
    }
  }

  const apiTimes: number[] = [];
  for (const [i, call] of calls.entries()) {
    const started = performance.now();
    const response = await app.request(`/api/students?${query(call)}`, { headers });
    const body = await response.text();
    const took = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`GET /api/students?${query(call)}: HTTP ${response.status} ${body}`);
    }
    if (i >= WARMUP) apiTimes.push(took);
  }

  matched.sort((a, b) => a - b);
  return {
    calls: CALLS,
    students: (await findStudents({}, { page: 1, limit: 1 })).total,
    fn: stats(fnTimes),
    api: stats(apiTimes),
    matchedMedian: percentile(matched, 0.5),
    empty: matched.filter((n) => n === 0).length,
  };
}

if (import.meta.main) {
  console.log(`students-list ${JSON.stringify(await main())}`);
  Deno.exit(0);
}

/**
 * The registration storm (issue 19), in-process against the KV at KV_PATH (the large demo university): 5,000
 * students each registering for 5 sections of the current semester — one of them a hot section of 30 seats —
 * 50 decisions at a time through `addRegistration`, the same atomic decision registrationAdd runs. Before it,
 * the registrar raises the semester's credit limit to 120 and the students' other four sections are chosen
 * without conditions or clashes, so that most decisions enrol or waitlist rather than refuse (refusals are
 * counted apart). Baseline, measured in the same run: the same number of bare KV commits (one checked counter
 * each), 50 at a time. Afterwards every section touched must hold no more students than seats, with its counter
 * equal to its roster. Prints one line `registration-storm <json>` (read by bench/registration.ts). On its own:
 *   KV_PATH=./data/large.kv deno run --allow-read --allow-write=./data --allow-env bench/registration_storm.ts
 */
import { db, openDb } from "../services/db/kv.ts";
import { pinClock } from "../services/academic/clock.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";
import type { Student } from "../services/academic/model.ts";
import { addRegistration } from "../services/registration/decide.ts";
import { readCourseFacts } from "../services/registration/facts.ts";
import { keys, type Registration, type SectionSeats } from "../services/registration/model.ts";
import { editOffering } from "../services/registration/offerings.ts";
import {
  capacityOf,
  clashingLessons,
  groupSections,
  readSeatsAndSettings,
  type Section,
} from "../services/registration/sections.ts";
import { currentWindowGroup, getWindow, setWindow } from "../services/registration/windows.ts";
import { AppError } from "../utils/errors.ts";

const STUDENTS = 5000;
const PER_STUDENT = 5;
const CONCURRENCY = 50;
const HOT_SEATS = 30;

export interface StormResult {
  students: number;
  decisions: number;
  seconds: number;
  perSecond: number;
  /** Enrolled or waitlisted, per second. */
  registeredPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  enrolled: number;
  waitlisted: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
  hot: { capacity: number; enrolled: number; waitlisted: number };
  overfilled: number;
  counterMismatches: number;
  bare: { perSecond: number; p99: number };
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function pool<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await run(items[next++]);
  }));
}

async function main(): Promise<StormResult> {
  pinClock(REFERENCE_NOW);
  await openDb(Deno.env.get("KV_PATH"));
  const groupId = (await currentWindowGroup())!;
  const window = (await getWindow(groupId))!;
  await setWindow(groupId, { ...window, creditLimit: 120 }, null);
  const { list } = await groupSections(groupId);
  const facts = await readCourseFacts(list.map((s) => s.bookId));
  const free = list.filter((s) => {
    const c = facts.get(s.bookId)!.conditions.value;
    return s.defaultCapacity > 0 &&
      (!c || (c.groups.length === 0 && c.programs.length === 0 && c.gpaLimit === null));
  });
  const hot = free[0];
  await editOffering(hot.id, { capacity: HOT_SEATS, closed: false }, null);

  // 5,000 active students with what they hold already (the large seed gives each up to three sections).
  const students: { id: number; held: Section[] }[] = [];
  const byId = new Map(list.map((s) => [s.id, s]));
  for (let id = 1; students.length < STUDENTS; id++) {
    const student = (await db().get<Student>(["students", id])).value;
    if (!student) break;
    if (student.status !== "active") continue;
    const held: Section[] = [];
    for await (const e of db().list<Registration>({ prefix: keys.studentRegistrations(id, groupId) })) {
      const s = byId.get(e.value.sectionId);
      if (s) held.push(s);
    }
    if (held.some((s) => s.id === hot.id || clashingLessons(s, hot))) continue;
    students.push({ id, held });
  }
  const candidates = free.filter((s) => s !== hot && !clashingLessons(s, hot));
  let pointer = 0;
  const tasks: { studentId: number; sectionId: string }[][] = Array.from({ length: PER_STUDENT }, () => []);
  students.forEach((student, i) => {
    const picks: Section[] = [];
    for (let tries = 0; tries < 200 && picks.length < PER_STUDENT - 1; tries++) {
      const s = candidates[pointer++ % candidates.length];
      const taken = [...student.held, ...picks];
      if (taken.some((t) => t.bookId === s.bookId || clashingLessons(t, s))) continue;
      picks.push(s);
    }
    picks.splice(i % PER_STUDENT, 0, hot);
    picks.forEach((s, round) => tasks[round].push({ studentId: student.id, sectionId: s.id }));
  });
  const ordered = tasks.flat();

  // Baseline: bare checked commits of one counter per task, as many and as concurrent.
  const bareTimes: number[] = [];
  const bareStart = performance.now();
  await pool(ordered.map((_, i) => i), async (i) => {
    const started = performance.now();
    const key = ["bench_bare", i % 1000];
    for (;;) {
      const entry = await db().get<number>(key);
      if ((await db().atomic().check(entry).set(key, (entry.value ?? 0) + 1).commit()).ok) break;
    }
    bareTimes.push(performance.now() - started);
  });
  const bareSeconds = (performance.now() - bareStart) / 1000;
  for await (const e of db().list({ prefix: ["bench_bare"] })) await db().delete(e.key);

  const times: number[] = [];
  const refused: Record<string, number> = {};
  const errors: Record<string, number> = {};
  let enrolled = 0, waitlisted = 0;
  const started = performance.now();
  await pool(ordered, async ({ studentId, sectionId }) => {
    const t0 = performance.now();
    try {
      const result = await addRegistration({ sectionId, studentId }, { userId: 2, staff: true });
      if (result.status === "enrolled") enrolled++;
      else waitlisted++;
    } catch (error) {
      if (error instanceof AppError && error.status === 422 && error.options.fields) {
        for (const check of Object.keys(error.options.fields)) refused[check] = (refused[check] ?? 0) + 1;
      } else {
        const code = error instanceof AppError ? error.code : String(error);
        errors[code] = (errors[code] ?? 0) + 1;
      }
    }
    times.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;

  // No section over-filled; every counter equals its roster.
  const touched = [...new Set(ordered.map((t) => t.sectionId))];
  const states = await readSeatsAndSettings(touched);
  let overfilled = 0, counterMismatches = 0;
  for (const { id, seats, settings } of states) {
    const section = byId.get(id)!;
    if (seats.enrolled > capacityOf(section, settings)) overfilled++;
    let roster = 0, waiting = 0;
    for await (const _ of db().list({ prefix: keys.roster(id) })) roster++;
    for await (const _ of db().list({ prefix: keys.waitlist(id) })) waiting++;
    if (roster !== seats.enrolled || waiting !== seats.waitlisted) counterMismatches++;
  }
  const hotSeats = (await db().get<SectionSeats>(keys.seats(hot.id))).value!;
  await setWindow(groupId, window, null);
  const sorted = [...times].sort((a, b) => a - b);
  const bareSorted = [...bareTimes].sort((a, b) => a - b);
  return {
    students: students.length,
    decisions: ordered.length,
    seconds,
    perSecond: ordered.length / seconds,
    registeredPerSecond: (enrolled + waitlisted) / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    enrolled,
    waitlisted,
    refused,
    errors,
    hot: { capacity: HOT_SEATS, enrolled: hotSeats.enrolled, waitlisted: hotSeats.waitlisted },
    overfilled,
    counterMismatches,
    bare: { perSecond: ordered.length / bareSeconds, p99: percentile(bareSorted, 0.99) },
  };
}

if (import.meta.main) {
  console.log(`registration-storm ${JSON.stringify(await main())}`);
  Deno.exit(0);
}

/**
 * The course lists' in-process figures (issue 20) against the KV at KV_PATH (the large demo university): two of
 * the demo professor's sections get 300 students each (enrolled by the registrar) and a course of 6 components;
 * then every cell of the first list is saved through `setPoints` (the atomic listPointsSet runs), one after
 * another as a professor does, timed per save, beside bare checked KV commits; then the second list is filled
 * 10 saves at a time (timed, for information) and submitted — 300 students' grades, transcripts and GPA —
 * timed whole. The first list is left open for the page benchmark. Prints one
 * line `lists-bench <json>` (read by bench/lists.ts). On its own:
 *   KV_PATH=./data/large.kv deno run --allow-read --allow-write=./data --allow-env bench/lists_prep.ts
 */
import { db, openDb } from "../services/db/kv.ts";
import { pinClock } from "../services/academic/clock.ts";
import { currentGroupOf, listGroups } from "../services/academic/semesters.ts";
import type { Student } from "../services/academic/model.ts";
import { saveComponents } from "../services/books/components.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import type { ListActor } from "../services/lists/access.ts";
import { setPoints } from "../services/lists/cells.ts";
import { rosterIds } from "../services/lists/sheet.ts";
import { submitList } from "../services/lists/submit.ts";
import { addRegistration } from "../services/registration/decide.ts";
import { editOffering } from "../services/registration/offerings.ts";
import { groupSections, type Section } from "../services/registration/sections.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";

const STUDENTS = 300;
const CONCURRENCY = 10;
const COMPONENTS = [
  { nameKa: "დასწრება", nameEn: "Attendance", weight: 10, minScore: 0 },
  { nameKa: "ქვიზი 1", nameEn: "Quiz 1", weight: 10, minScore: 0 },
  { nameKa: "ქვიზი 2", nameEn: "Quiz 2", weight: 10, minScore: 0 },
  { nameKa: "შუალედური", nameEn: "Midterm", weight: 20, minScore: 8 },
  { nameKa: "პროექტი", nameEn: "Project", weight: 20, minScore: 0 },
  { nameKa: "დასკვნითი", nameEn: "Final", weight: 30, minScore: 15 },
];

export interface ListsBenchResult {
  sectionId: string;
  students: number;
  components: number;
  saves: number;
  saveP50: number;
  saveP99: number;
  saveMax: number;
  bareP99: number;
  /** Saves 10 at a time (the second list's filling). */
  concurrentP99: number;
  submitMs: number;
  published: number;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function pool<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await run(items[next++]);
  }));
}

/** Gives the section STUDENTS students and the course the 6 components. */
async function prepare(section: Section, studentIds: number[]) {
  await editOffering(section.id, { capacity: STUDENTS + 100, closed: false }, null);
  await saveComponents(section.bookId, COMPONENTS, null);
  const have = new Set(await rosterIds(section.id));
  const candidates = studentIds.filter((id) => !have.has(id));
  // Until the roster holds STUDENTS (a student waitlisted there already is refused: the next one is taken).
  while (have.size < STUDENTS && candidates.length) {
    await pool(candidates.splice(0, STUDENTS - have.size), async (studentId) => {
      await addRegistration(
        { sectionId: section.id, studentId, override: true, reason: "lists benchmark" },
        { userId: 2, staff: true },
      ).then(() => have.add(studentId), () => {});
    });
  }
  return await rosterIds(section.id);
}

const cellsOf = (ids: number[]) =>
  ids.flatMap((studentId) => COMPONENTS.map((c, i) => ({ studentId, componentId: i + 1, max: c.weight })));

async function main(): Promise<ListsBenchResult> {
  pinClock(REFERENCE_NOW);
  await openDb(Deno.env.get("KV_PATH"));
  const prof = (await findUserByEmail(DEMO_ACCOUNTS.prof.email))!;
  const actor: ListActor = { userId: prof.id, hrUserId: prof.hrUserId, seesAll: false };
  const group = currentGroupOf(await listGroups())!;
  const mine = (await groupSections(group.id)).list.filter((s) => s.professorHrId === prof.hrUserId);
  // Two sections of different courses: the components are per course.
  const [open, submitted] = [mine[0], mine.find((s) => s.bookId !== mine[0].bookId)!];
  const students: number[] = [];
  for (let id = 1; students.length < 2 * STUDENTS + 100; id++) {
    const s = (await db().get<Student>(["students", id])).value;
    if (!s) break;
    if (s.status === "active") students.push(id);
  }
  const openIds = await prepare(open, students.slice(0, STUDENTS + 25));
  const submittedIds = await prepare(submitted, students.slice(STUDENTS + 25, 2 * STUDENTS + 50));

  const bare: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const t0 = performance.now();
    const key = ["bench_bare", i % 100];
    const entry = await db().get<number>(key);
    await db().atomic().check(entry).set(key, (entry.value ?? 0) + 1).commit();
    bare.push(performance.now() - t0);
  }
  for await (const e of db().list({ prefix: ["bench_bare"] })) await db().delete(e.key);

  // One professor saving cell after cell: each save's own time.
  const times: number[] = [];
  for (const { studentId, componentId, max } of cellsOf(openIds)) {
    const t0 = performance.now();
    await setPoints({
      sectionId: open.id,
      studentId,
      componentId,
      points: Math.round(max * (0.4 + ((studentId + componentId) % 60) / 100) * 2) / 2,
      versionstamp: null,
    }, actor);
    times.push(performance.now() - t0);
  }
  // Many people saving at once (10 at a time): for information.
  const concurrent: number[] = [];
  await pool(cellsOf(submittedIds), async ({ studentId, componentId, max }) => {
    const t0 = performance.now();
    await setPoints({
      sectionId: submitted.id,
      studentId,
      componentId,
      points: Math.round(max * (0.4 + ((studentId * 3 + componentId) % 60) / 100) * 2) / 2,
      versionstamp: null,
    }, actor);
    concurrent.push(performance.now() - t0);
  });
  concurrent.sort((a, b) => a - b);
  const t0 = performance.now();
  const result = await submitList(submitted.id, actor);
  const submitMs = performance.now() - t0;
  times.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  return {
    sectionId: open.id,
    students: openIds.length,
    components: COMPONENTS.length,
    saves: times.length,
    saveP50: percentile(times, 0.5),
    saveP99: percentile(times, 0.99),
    saveMax: times.at(-1) ?? 0,
    bareP99: percentile(bare, 0.99),
    concurrentP99: percentile(concurrent, 0.99),
    submitMs,
    published: result.published,
  };
}

if (import.meta.main) {
  console.log(`lists-bench ${JSON.stringify(await main())}`);
  Deno.exit(0);
}

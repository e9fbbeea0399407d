/**
 * Communication's figures (issue 26), in-process on a `:memory:` KV holding 20,000 students and their accounts:
 *   - resolving a poll's audience: every student (role), one school, one admission year — target ≤ 500 ms (the
 *     first read, which loads the registry snapshot the server loads at start-up, is shown without a target);
 *   - a poll's results after 20,000 responses — target ≤ 300 ms;
 * beside each, the baseline of the same run: one KV prefix scan of the 20,000 student records.
 * Run: node_modules/.bin/deno run -A bench/communication.ts (exit 1 when a target is missed), or as part of
 * `deno task bench` (`--only=communication`), which runs it in a process of its own.
 */
import { checksFromChild, reportFigures } from "./child_figures.ts";
import { type Check, fmtMs } from "./report.ts";
import { bulkSet, db, openDb } from "../services/db/kv.ts";
import { recordEntries, reserveIds } from "../services/db/records.ts";
import type { Program, School, Student } from "../services/academic/model.ts";
import type { User } from "../services/identity/users.ts";
import { resolveAudience } from "../services/polls/audience.ts";
import { answerPoll } from "../services/polls/answers.ts";
import { createPoll, openPoll } from "../services/polls/store.ts";
import { pollResults } from "../services/polls/results.ts";
import { EMPTY_AUDIENCE, type PollAudience } from "../services/polls/model.ts";

const STUDENTS = 20_000;
const AUDIENCE_MS = 500;
const RESULTS_MS = 300;

interface Row {
  what: string;
  ms: number;
  /** null: shown without a target. */
  target: number | null;
  size: number;
}

export interface CommunicationFigures {
  scanMs: number;
  answerMs: number;
  rows: Row[];
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

async function measure(): Promise<CommunicationFigures> {
  await openDb(":memory:");
  const schools: School[] = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    nameKa: `სკოლა ${i + 1}`,
    nameEn: `School ${i + 1}`,
    code: `S${i + 1}`,
    deanHrId: null,
  }));
  const programs: Program[] = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    nameKa: `პროგრამა ${i + 1}`,
    nameEn: `Program ${i + 1}`,
    code: `P${i + 1}`,
    schoolId: (i % 8) + 1,
    level: 1,
    credits: 240,
    language: "ka",
    status: "active",
  }));
  const students: Student[] = [];
  const users: User[] = [];
  for (let i = 1; i <= STUDENTS; i++) {
    students.push({
      id: i,
      personalNumber: String(10_000_000_000 + i),
      firstNameKa: "ნინო",
      lastNameKa: `გელაშვილი${i}`,
      firstNameEn: "Nino",
      lastNameEn: `Gelashvili${i}`,
      birthDate: "2004-01-01",
      email: `s${i}@student.uni.test`,
      phone: "",
      programId: (i % 60) + 1,
      status: "active",
      admissionYear: 2021 + (i % 5),
      userId: 100 + i,
    });
    users.push({
      id: 100 + i,
      guard: "user",
      chatType: "student",
      email: `s${i}@student.uni.test`,
      name: `ნინო ${i}`,
      nameEn: `Nino ${i}`,
      image: null,
      hrUserId: null,
      studentId: i,
      roleIds: [],
      linkedAccountIds: [],
      passwordHash: "",
      disabled: false,
      createdAt: new Date().toISOString(),
      lastSignInAt: null,
    });
  }
  await bulkSet([
    ...schools.map((s): [Deno.KvKey, unknown] => [["schools", s.id], s]),
    ...programs.map((p): [Deno.KvKey, unknown] => [["programs", p.id], p]),
    ...students.flatMap((s) => recordEntries("students", s.id, s, [])),
    ...users.map((u): [Deno.KvKey, unknown] => [["users", u.id], u]),
  ]);
  await reserveIds("students", STUDENTS);

  const [, scanMs] = await timed(async () => {
    let n = 0;
    for await (const _ of db().list({ prefix: ["students"] }, { batchSize: 1000 })) n++;
    return n;
  });

  const rows: Row[] = [];
  for (
    const [what, audience] of [
      ["every student, first read: loads the registry snapshot", { ...EMPTY_AUDIENCE, guards: ["user"] }],
      ["every student", { ...EMPTY_AUDIENCE, guards: ["user"] }],
      ["one school", { ...EMPTY_AUDIENCE, schoolIds: [3] }],
      ["one admission year", { ...EMPTY_AUDIENCE, admissionYears: [2024] }],
    ] as [string, PollAudience][]
  ) {
    const [found, ms] = await timed(() => resolveAudience(audience));
    // The server loads the snapshot at start-up (main.ts warmStudentIndex): a request never meets the first read.
    const target = what.includes("first read") ? null : AUDIENCE_MS;
    rows.push({ what: `audience: ${what}`, ms, target, size: found.userIds.length });
  }

  const poll = await createPoll({
    title: "ბენჩმარკი",
    titleEn: "Benchmark",
    description: "",
    questions: [
      { kind: "scale", text: "ა", textEn: "a", required: true, options: [] },
      {
        kind: "multiple",
        text: "ბ",
        textEn: "b",
        required: false,
        options: [{ text: "1", textEn: "1" }, { text: "2", textEn: "2" }, { text: "3", textEn: "3" }],
      },
    ],
    audience: { ...EMPTY_AUDIENCE, guards: ["user"] },
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    anonymous: true,
    editable: false,
  }, null);
  await openPoll(poll.id, null, undefined, { notify: false });
  const [, answerMs] = await timed(async () => {
    for (let i = 0; i < users.length; i += 50) {
      await Promise.all(
        users.slice(i, i + 50).map((u, j) =>
          answerPoll(poll.id, u, { q1: ((i + j) % 5) + 1, q2: [(i + j) % 3] })
        ),
      );
    }
  });
  const [results, resultsMs] = await timed(() => pollResults(poll.id, "en"));
  rows.push({
    what: "results of 20,000 responses",
    ms: resultsMs,
    target: RESULTS_MS,
    size: results.responses,
  });
  return { scanMs, answerMs, rows };
}

export function communicationChecks(f: CommunicationFigures): Check[] {
  const firstRead = f.rows.find((r) => r.target === null);
  const baseline = `baseline: one prefix scan of ${STUDENTS.toLocaleString("en")} student records ` +
    `${fmtMs(f.scanMs)} ms`;
  return f.rows.filter((r) => r.target !== null).map((r) => ({
    name: `communication: ${r.what} ≤ ${r.target} ms`,
    pass: r.ms <= r.target!,
    detail: `${fmtMs(r.ms)} ms for ${r.size.toLocaleString("en")}; ${baseline}` +
      (r.what.startsWith("audience") && firstRead
        ? `; the first read, loading the registry snapshot the server loads at start-up, ${
          fmtMs(firstRead.ms)
        } ms`
        : `; storing the answers 50 at a time took ${(f.answerMs / 1000).toFixed(1)} s`),
  }));
}

/** bench/run.ts's communication group, in a process of its own. */
export function runCommunicationBench(): Promise<Check[]> {
  return checksFromChild("communication", "bench/communication.ts", communicationChecks);
}

if (import.meta.main) reportFigures(await measure(), communicationChecks);

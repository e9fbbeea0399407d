/**
 * Seed part "admissions": the admissions pipeline and the lifecycle lists of the demo university. New
 * applicants apply through the same service the public form calls and staff decide on them, so the pipeline
 * shows applications in every state; two students of the newest intake are shown as having come through
 * admissions (their enrolled applications). The registry's withdrawn and graduated students get their status
 * history and their school-leavers and alumni entries (graduated in the year their program's length gives, with
 * the final GPA of their transcript); two exchanges, one with a recognized course. No student's status changes,
 * so the rest of the demo stays as it was.
 */
import type { Program, Student } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { nextUlid } from "../db/ids.ts";
import { decideApplication, submitApplication } from "../admissions/applications.ts";
import { type Application, APPLICATIONS, referenceOf } from "../admissions/model.ts";
import {
  type Alumnus,
  alumnusKey,
  type Leaver,
  leaverKey,
  type StatusEvent,
  statusEventKey,
} from "../lifecycle/status.ts";
import { addMobility, recognizeCourse } from "../lifecycle/mobility.ts";
import {
  gpaFromTotals,
  listTranscript,
  TRANSCRIPT_TOTALS,
  type TranscriptTotals,
} from "../students/transcripts.ts";
import { BulkWriter } from "./bulk_writer.ts";
import { LEVEL_SEMESTERS } from "./catalogue.ts";
import type { SeedContext, SeedPart } from "./mod.ts";
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from "./names.ts";
import { REFERENCE_NOW } from "./university_sizes.ts";

/** A one-page PDF and a tiny PNG: what the demo applicants upload. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** The state each demo applicant ends in, in order. */
const PLAN = [
  "submitted",
  "submitted",
  "submitted",
  "submitted",
  "checked",
  "checked",
  "checked",
  "accepted",
  "accepted",
  "rejected",
  "rejected",
] as const;
const STAFF_USER = 2;
const WITHDRAWAL_REASONS = [
  "პირადი მიზეზები / Personal reasons",
  "სხვა უნივერსიტეტში გადასვლა / Transfer to another university",
  "ფინანსური მიზეზები / Financial reasons",
];

export const admissionsSeed: SeedPart = {
  name: "admissions",
  async run(ctx) {
    const programs: Program[] = [];
    for await (const e of db().list<Program>({ prefix: ["programs"] })) {
      if (e.value.status === "active" && e.value.level === 1) programs.push(e.value);
    }
    if (programs.length === 0) return;
    await seedApplications(ctx, programs);
    await seedMobility();
    await seedLifecycle(ctx);
  },
};

async function seedApplications(ctx: SeedContext, programs: Program[]) {
  const { random } = ctx;
  const now = new Date(REFERENCE_NOW);
  for (const [i, state] of PLAN.entries()) {
    const female = i % 2 === 0;
    const first = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const program = programs[i % programs.length];
    const { reference } = await submitApplication({
      form: {
        personalNumber: `99${String(100_000_000 + i * 7_919).padStart(9, "0")}`,
        firstNameKa: first[0],
        lastNameKa: last[0],
        firstNameEn: first[1],
        lastNameEn: last[1],
        birthDate: `2008-0${1 + (i % 9)}-1${i % 10}`,
        citizenship: i === 3 ? "UA" : "GE",
        email: `applicant${i + 1}@example.ge`,
        phone: `+9955990000${String(i).padStart(2, "0")}`,
        programId: String(program.id),
      },
      consent: true,
      files: [
        { kind: "identity", name: "id-card.pdf", bytes: PDF },
        { kind: "certificate", name: "certificate.png", bytes: PNG },
      ],
      lang: i % 3 === 0 ? "en" : "ka",
    }, now);
    const id = Number(reference.slice(-6));
    if (state === "submitted") continue;
    if (state === "rejected" && i % 2 === 1) {
      await decideApplication(id, {
        decision: "rejected",
        reason: "დოკუმენტები არასრულია / Incomplete documents",
      }, STAFF_USER);
      continue;
    }
    await decideApplication(id, { decision: "checked" }, STAFF_USER);
    if (state === "accepted") {
      await decideApplication(id, {
        decision: "accepted",
        reason: "ერთიანი ეროვნული გამოცდები / National exams",
      }, STAFF_USER);
    }
    if (state === "rejected") {
      await decideApplication(id, {
        decision: "rejected",
        reason: "ქულები არ კმარა / Scores below the threshold",
      }, STAFF_USER);
    }
  }
  await seedEnrolled();
}

/** Two students of the newest intake, shown as enrolled through admissions (written as enrolment writes them). */
async function seedEnrolled() {
  const newest: Student[] = [];
  for await (const e of db().list<Student>({ prefix: ["students"] })) {
    if (e.value.admissionYear === 2026 && e.value.status === "active" && e.value.id !== 1) {
      newest.push(e.value);
    }
    if (newest.length === 2) break;
  }
  const counter = await db().get<number>(["counters", APPLICATIONS]);
  let id = counter.value ?? 0;
  const entries: [Deno.KvKey, unknown][] = [];
  for (const student of newest) {
    id++;
    const submitted = "2026-07-20T09:00:00.000Z";
    const application: Application = {
      id,
      reference: referenceOf(id, 2026),
      state: "enrolled",
      personalNumber: student.personalNumber,
      firstNameKa: student.firstNameKa,
      lastNameKa: student.lastNameKa,
      firstNameEn: student.firstNameEn,
      lastNameEn: student.lastNameEn,
      birthDate: student.birthDate,
      citizenship: "GE",
      email: student.email,
      phone: student.phone || "+995599000100",
      programId: student.programId,
      documents: [],
      consentAt: submitted,
      lang: "ka",
      submittedAt: submitted,
      updatedAt: "2026-08-25T10:00:00.000Z",
      history: [
        { state: "submitted", at: submitted, by: null, reason: null },
        { state: "checked", at: "2026-07-25T10:00:00.000Z", by: STAFF_USER, reason: null },
        { state: "accepted", at: "2026-08-10T10:00:00.000Z", by: STAFF_USER, reason: null },
        { state: "enrolled", at: "2026-08-25T10:00:00.000Z", by: STAFF_USER, reason: null },
      ],
      studentId: student.id,
    };
    entries.push(
      [[APPLICATIONS, id], application],
      [["applications_by_reference", application.reference], id],
      [["applications_by_state", "enrolled", id], id],
      [["counters", APPLICATIONS], id],
    );
  }
  await write(entries);
}

async function write(entries: [Deno.KvKey, unknown][]) {
  const writer = new BulkWriter();
  await writer.write(entries);
  await writer.close();
}

/**
 * Two exchanges: a graduate's semester abroad with one course recognized (before the alumni are listed, so
 * their final GPA counts it), and an incoming student.
 */
async function seedMobility() {
  let graduate: Student | null = null, active: Student | null = null;
  for await (const e of db().list<Student>({ prefix: ["students"] })) {
    if (!graduate && e.value.status === "graduated") graduate = e.value;
    if (!active && e.value.status === "active" && e.value.id > 1) active = e.value;
    if (graduate && active) break;
  }
  if (!graduate || !active) return;
  const taken = await listTranscript(graduate.id);
  const books = new Set(taken.map((e) => e.bookId));
  let bookId = 0;
  for await (const e of db().list<{ id: number }>({ prefix: ["books"] })) {
    if (!books.has(e.value.id)) {
      bookId = e.value.id;
      break;
    }
  }
  const groupId = taken[Math.floor(taken.length / 2)]?.groupId;
  const out = await addMobility({
    studentId: graduate.id,
    direction: "out",
    partner: "Universität Heidelberg",
    country: "DE",
    from: `${graduate.admissionYear + 1}-02-01`,
    to: `${graduate.admissionYear + 1}-07-15`,
  }, STAFF_USER);
  if (bookId && groupId) {
    await recognizeCourse(out.id, {
      externalCode: "GES-101",
      externalName: "Geschichte Europas",
      externalCredits: 6,
      bookId,
      groupId,
      points: 88,
    }, STAFF_USER);
  }
  await addMobility({
    studentId: active.id,
    direction: "in",
    partner: "Jagiellonian University",
    country: "PL",
    from: "2026-09-15",
    to: "2027-01-31",
  }, STAFF_USER);
}

/** History and list entries for the registry's withdrawn and graduated students. */
async function seedLifecycle(ctx: SeedContext) {
  const programs = new Map<number, Program>();
  for await (const e of db().list<Program>({ prefix: ["programs"] })) programs.set(e.value.id, e.value);
  const entries: [Deno.KvKey, unknown][] = [];
  for await (const e of db().list<Student>({ prefix: ["students"] })) {
    const s = e.value;
    if (s.status !== "withdrawn" && s.status !== "graduated") continue;
    const program = programs.get(s.programId);
    const years = (LEVEL_SEMESTERS[program?.level ?? 1] ?? 8) / 2;
    const at = new Date(REFERENCE_NOW).toISOString();
    if (s.status === "withdrawn") {
      const date = `${Math.min(s.admissionYear + 1, 2026)}-02-1${s.id % 10}`;
      const reason = WITHDRAWAL_REASONS[s.id % WITHDRAWAL_REASONS.length];
      const leaver: Leaver = { studentId: s.id, programId: s.programId, date, reason, at };
      entries.push([leaverKey(s.id), leaver]);
      entries.push(event(s.id, "withdraw", "active", "withdrawn", reason, date, at));
    } else {
      const year = s.admissionYear + years;
      const date = `${year}-07-01`;
      const totals = (await db().get<TranscriptTotals>([TRANSCRIPT_TOTALS, s.id])).value;
      const alumnus: Alumnus = {
        studentId: s.id,
        programId: s.programId,
        year,
        date,
        gpa: totals ? gpaFromTotals(totals) : null,
        credits: totals?.earned ?? 0,
      };
      entries.push([alumnusKey(year, s.programId, s.id), alumnus]);
      entries.push([["alumni_by_student", s.id], [year, s.programId]]);
      entries.push(
        event(s.id, "graduate", "active", "graduated", "სწავლის დასრულება / Program completed", date, at),
      );
    }
  }
  await write(entries);
  ctx.log("admissions: applications in every state, school leavers and alumni");
}

function event(
  studentId: number,
  action: StatusEvent["action"],
  from: StatusEvent["from"],
  to: StatusEvent["to"],
  reason: string,
  date: string,
  at: string,
): [Deno.KvKey, StatusEvent] {
  const id = nextUlid();
  return [statusEventKey(studentId, id), { id, studentId, action, from, to, reason, date, at, by: null }];
}

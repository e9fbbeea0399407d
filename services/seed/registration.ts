/**
 * Seed part "registration": the current semester's registration window (open on the demo's "today") and
 * registrations. Small demo: Luka (student 1, student@uni.test) is enrolled in one section of his program; the
 * page shows him sections he may take, one he may not (a prerequisite he has not passed, explained), one full
 * section with a waitlist, and one that clashes with what he holds. Other students fill a few sections through
 * the same decisions a person makes. Large demo: every student holds up to three clash-free sections, written
 * in bulk with the same keys and counters the decisions write.
 */
import { addCondition, addConditionGroup } from "../books/conditions.ts";
import { db } from "../db/kv.ts";
import { currentGroupOf, listGroups } from "../academic/semesters.ts";
import { addRegistration } from "../registration/decide.ts";
import { editOffering } from "../registration/offerings.ts";
import { keys, NO_SEATS, type Registration, registrationIdOf } from "../registration/model.ts";
import { clashingLessons, forgetSections, groupSections, type Section } from "../registration/sections.ts";
import { setWindow } from "../registration/windows.ts";
import { listTranscript } from "../students/transcripts.ts";
import { BulkWriter } from "./bulk_writer.ts";
import type { SeedContext, SeedPart } from "./mod.ts";
import { REFERENCE_DATE } from "./university_sizes.ts";

/** The window around the demo's "today" (2026-11-22). */
export const DEMO_WINDOW = {
  opens: "2026-11-01",
  closes: "2026-12-20",
  dropDeadline: "2026-12-10",
  creditLimit: 30,
  programIds: [],
  admissionYears: [],
};
const DEMO_STUDENT_ID = 1;
const SEED_ACTOR = { userId: null, staff: true };
const OVERRIDE = { override: true, reason: "demo data / სადემონსტრაციო მონაცემები" };

export const registrationSeed: SeedPart = {
  name: "registration",
  async run(ctx) {
    await forgetSections();
    const group = currentGroupOf(await listGroups(), REFERENCE_DATE);
    if (!group) return;
    await setWindow(group.id, DEMO_WINDOW, null);
    const { list } = await groupSections(group.id);
    if (ctx.size === "small") await seedSmall(list, ctx);
    else await seedLarge(list, ctx);
  },
};

async function seedSmall(sections: Section[], ctx: SeedContext) {
  const passed = new Set((await listTranscript(DEMO_STUDENT_ID)).map((e) => e.bookId));
  const open = sections.filter((s) => !passed.has(s.bookId) && s.defaultCapacity >= 10);
  // Luka holds the first section of his program (the demo professor's), and a section of another professor
  // at the same time shows him a clash.
  const held = open[0];
  const clash = open.find((s) => s.professorHrId !== held.professorHrId && clashingLessons(s, held));
  const free = (s: Section) =>
    s !== held && s !== clash && s.bookId !== held.bookId && !clashingLessons(s, held);
  const [refused, full] = open.filter(free).filter((s) => s.bookId !== clash?.bookId).slice(1, 3);
  await addRegistration({ sectionId: held.id, studentId: DEMO_STUDENT_ID, ...OVERRIDE }, SEED_ACTOR);

  // A prerequisite Luka has not passed: a course of the catalogue absent from his transcript.
  const missing = sections.find((s) => !passed.has(s.bookId) && s.bookId !== refused.bookId)!;
  const allowAll = () => true;
  await addConditionGroup(
    refused.bookId,
    { type: "condition", name: "Prerequisite / წინაპირობა", limit: 1 },
    null,
    allowAll,
  );
  await addCondition(refused.bookId, 1, missing.bookId, null, allowAll).catch(async () => {
    // The course had condition groups already: the new one is the last.
    const doc = (await db().get<{ groups: { id: number }[] }>(["book_conditions", refused.bookId])).value;
    await addCondition(refused.bookId, doc!.groups.at(-1)!.id, missing.bookId, null, allowAll);
  });

  // A full section of three seats, with two students waiting.
  await editOffering(full.id, { capacity: 3, closed: false }, null);
  for (const studentId of [2, 3, 4, 5, 6]) {
    await addRegistration({ sectionId: full.id, studentId, ...OVERRIDE }, SEED_ACTOR);
  }
  // Other students fill a few sections through the ordinary checks (refusals are simply skipped).
  let count = 7;
  for (let studentId = 7; studentId <= 120; studentId++) {
    for (const section of [open[(studentId * 7) % open.length], open[(studentId * 13) % open.length]]) {
      if (section === full) continue;
      try {
        await addRegistration({ sectionId: section.id, studentId }, { userId: null, staff: true });
        count++;
      } catch { /* not eligible, clash or credit limit: the demo leaves them out */ }
    }
  }
  ctx.log(
    `registration (small): window open ${DEMO_WINDOW.opens}–${DEMO_WINDOW.closes}, ${count} registrations`,
  );
}

/** Up to three clash-free sections per student, in bulk; every section's counter equals its roster. */
async function seedLarge(sections: Section[], ctx: SeedContext) {
  const studentCount = (await db().get<number>(["counters", "students"])).value ?? 0;
  const usable = sections.filter((s) => s.defaultCapacity > 0);
  const seats = new Map(usable.map((s) => [s.id, { ...NO_SEATS }]));
  const writer = new BulkWriter();
  const at = new Date().toISOString();
  let next = 0, total = 0;
  await writer.write((function* () {
    for (let studentId = 1; studentId <= studentCount; studentId++) {
      const mine: Section[] = [];
      let credits = 0;
      for (let tries = 0; tries < 12 && mine.length < 3; tries++) {
        const section = usable[next++ % usable.length];
        const counter = seats.get(section.id)!;
        // Leave room in every section: the registration storm of the benchmark still finds seats.
        if (counter.enrolled >= section.defaultCapacity / 2) continue;
        if (credits + section.credits > DEMO_WINDOW.creditLimit) continue;
        if (mine.some((m) => m.bookId === section.bookId || clashingLessons(m, section))) continue;
        mine.push(section);
        credits += section.credits;
        counter.enrolled++;
        const registration: Registration = {
          id: registrationIdOf(studentId, section.id),
          studentId,
          groupId: section.groupId,
          sectionId: section.id,
          bookId: section.bookId,
          credits: section.credits,
          status: "enrolled",
          position: null,
          at,
          by: null,
        };
        yield [keys.registration(studentId, section.groupId, section.id), registration] as const;
        yield [keys.rosterEntry(section.id, studentId), registration.id] as const;
        total++;
      }
      if (mine.length) yield [keys.studentVersion(studentId, mine[0].groupId), mine.length] as const;
    }
    for (const [id, counter] of seats) if (counter.enrolled) yield [keys.seats(id), counter] as const;
  })());
  await writer.close();
  ctx.log(
    `registration (large): ${total} registrations of ${studentCount} students in ${usable.length} sections`,
  );
}

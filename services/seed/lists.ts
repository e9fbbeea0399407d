/**
 * Seed part "lists": the component types catalogue, and the demo professor's (prof@uni.test) course lists in
 * the running semester — every course they teach gets components where it had none; their largest section is
 * partly filled (the first component for everyone, the second for half) with attendance on the lesson dates so
 * far; another section gets a few students (enrolled by the registrar, with a reason), is filled and submitted,
 * so their grades are in the transcripts. Everything goes through the same calls a person makes. Small demo only:
 * the large one has no lists (the lists benchmark builds its own).
 */
import { currentGroupOf, listGroups } from "../academic/semesters.ts";
import { listComponents, saveComponents } from "../books/components.ts";
import { db } from "../db/kv.ts";
import { findUserByEmail } from "../identity/users.ts";
import { setAttendance } from "../lists/attendance.ts";
import { setPoints } from "../lists/cells.ts";
import { addComponentType } from "../lists/component_types.ts";
import { lessonDates } from "../lists/dates.ts";
import { rosterIds } from "../lists/sheet.ts";
import { submitList } from "../lists/submit.ts";
import type { ListActor } from "../lists/access.ts";
import { addRegistration } from "../registration/decide.ts";
import { groupSections, type Section } from "../registration/sections.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedContext, SeedPart } from "./mod.ts";
import { REFERENCE_DATE } from "./university_sizes.ts";

export const COMPONENT_TYPE_CATALOGUE: [string, string][] = [
  ["დასწრება და აქტივობა", "Attendance and activity"],
  ["შუალედური გამოცდა", "Midterm exam"],
  ["ქვიზები", "Quizzes"],
  ["დასკვნითი გამოცდა", "Final exam"],
  ["პრაქტიკული დავალებები", "Practical assignments"],
  ["პროექტი", "Project"],
  ["სემინარი", "Seminar work"],
  ["პრეზენტაცია", "Presentation"],
];

/** The components a demo course without any gets. */
const DEMO_COMPONENTS = [
  { nameKa: "დასწრება და აქტივობა", nameEn: "Attendance and activity", weight: 10, minScore: 0 },
  { nameKa: "შუალედური გამოცდა", nameEn: "Midterm exam", weight: 30, minScore: 11 },
  { nameKa: "ქვიზები", nameEn: "Quizzes", weight: 20, minScore: 0 },
  { nameKa: "დასკვნითი გამოცდა", nameEn: "Final exam", weight: 40, minScore: 20 },
];
/** Students the registrar enrols in the section whose list the demo shows submitted (none of the tests' own). */
export const SUBMITTED_STUDENTS = [121, 122, 123, 124, 125, 126];
const SEED_REGISTRAR = { userId: null, staff: true };

export const listsSeed: SeedPart = {
  name: "lists",
  async run(ctx) {
    for (const [nameKa, nameEn] of COMPONENT_TYPE_CATALOGUE) await addComponentType({ nameKa, nameEn }, null);
    if (ctx.size !== "small") return;
    const prof = await findUserByEmail(DEMO_ACCOUNTS.prof.email);
    const group = currentGroupOf(await listGroups(), REFERENCE_DATE);
    if (!prof?.hrUserId || !group) return;
    const actor: ListActor = { userId: prof.id, hrUserId: prof.hrUserId, seesAll: false };
    const mine = (await groupSections(group.id)).list.filter((s) => s.professorHrId === prof.hrUserId);
    for (const bookId of new Set(mine.map((s) => s.bookId))) {
      if ((await listComponents(bookId)).length === 0) await saveComponents(bookId, DEMO_COMPONENTS, null);
    }
    const withRosters = await Promise.all(
      mine.map(async (s) => ({ section: s, ids: await rosterIds(s.id) })),
    );
    withRosters.sort((a, b) => b.ids.length - a.ids.length);
    const [open, submitted] = withRosters;
    if (open) await fillPartly(open.section, open.ids, group.value, actor);
    if (submitted) await fillAndSubmit(submitted.section, actor, ctx);
    ctx.log(
      `lists: ${COMPONENT_TYPE_CATALOGUE.length} component types, ${mine.length} sections of the demo professor`,
    );
  },
};

const pointsFor = (studentId: number, componentId: number, max: number) =>
  Math.round(max * (0.45 + ((studentId * 7 + componentId * 13) % 50) / 100) * 2) / 2;

async function fillPartly(
  section: Section,
  ids: number[],
  group: { startDate: string; endDate: string },
  actor: ListActor,
) {
  const components = await listComponents(section.bookId);
  for (const [i, studentId] of ids.entries()) {
    for (const c of components.slice(0, i % 2 === 0 ? 2 : 1)) {
      await setPoints({
        sectionId: section.id,
        studentId,
        componentId: c.id,
        points: pointsFor(studentId, c.id, c.weight),
        versionstamp: null,
      }, actor);
    }
  }
  const dates = lessonDates(section, group).filter((d) => d <= REFERENCE_DATE).slice(-6);
  for (const [d, date] of dates.entries()) {
    for (const [i, studentId] of ids.entries()) {
      const state = (d + i) % 5 === 0 ? "absent" : (d + i) % 7 === 0 ? "late" : "present";
      await setAttendance({ sectionId: section.id, date, studentId, state }, actor);
    }
  }
}

async function fillAndSubmit(section: Section, actor: ListActor, ctx: SeedContext) {
  for (const studentId of SUBMITTED_STUDENTS) {
    try {
      await addRegistration({
        sectionId: section.id,
        studentId,
        override: true,
        reason: "demo data / სადემონსტრაციო მონაცემები",
      }, SEED_REGISTRAR);
    } catch { /* already there, or the student does not exist in this demo */ }
  }
  const components = await listComponents(section.bookId);
  for (const studentId of await rosterIds(section.id)) {
    for (const c of components) {
      await setPoints({
        sectionId: section.id,
        studentId,
        componentId: c.id,
        points: pointsFor(studentId, c.id, c.weight),
        versionstamp: (await db().get(["list_cells", section.id, studentId, c.id])).versionstamp,
      }, actor);
    }
  }
  const result = await submitList(section.id, actor);
  ctx.log(`lists: submitted ${section.id} with ${result.published} grades`);
}

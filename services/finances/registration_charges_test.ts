/**
 * Charges follow registration on the seeded demo university: an enrolment charges the program's tuition per
 * credit once however often it is heard of, a drop within add/drop reverses it, registering again charges
 * again; and a student whose debt is past the threshold is refused registration with the amount named.
 */
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { pinClock } from "../academic/clock.ts";
import type { Student } from "../academic/model.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { addRegistration } from "../registration/decide.ts";
import { dropRegistration } from "../registration/drop.ts";
import { groupSections } from "../registration/sections.ts";
import { currentWindowGroup } from "../registration/windows.ts";
import { seed } from "../seed/mod.ts";
import { REFERENCE_NOW } from "../seed/university_sizes.ts";
import { appendEntry, listEntries, readProjection } from "./ledger.ts";
import { DEFAULT_PARAMS, keys } from "./model.ts";
import { followRegistration, reconcileRegistrations } from "./registration_charges.ts";
import { keys as regKeys, type Registration, registrationIdOf } from "../registration/model.ts";
import { AppError } from "../../utils/errors.ts";

async function currentEnrolments(studentId: number): Promise<Registration[]> {
  const out: Registration[] = [];
  for await (const e of db().list<Registration>({ prefix: ["registrations", studentId] })) out.push(e.value);
  return out;
}

Deno.test("charges follow registration", async (t) => {
  pinClock(REFERENCE_NOW);
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const groupId = (await currentWindowGroup())!;
    const { list } = await groupSections(groupId);
    const students: Student[] = [];
    for (let id = 121; id <= 200 && students.length < 2; id++) {
      const s = (await db().get<Student>(["students", id])).value;
      if (s?.status === "active" && (await listEntries(id)).length === 0) students.push(s);
    }
    const [student, debtor] = students;
    await db().set(keys.params(), {
      ...DEFAULT_PARAMS,
      tuition: [{ programId: student.programId, basis: "credit", amount: 10000 }],
      holdsEnabled: true,
      holdThreshold: 50000,
      graceDays: 0,
      dueDays: 0,
    });
    const me = { userId: null, staff: true, studentId: null };
    let registrationId = "";

    await t.step("an enrolment charges 100 GEL per credit, once however often it is heard of", async () => {
      let result = null;
      for (const section of list) {
        try {
          result = await addRegistration({ sectionId: section.id, studentId: student.id }, me);
          if (result.status === "enrolled") break;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      assert(result?.status === "enrolled");
      registrationId = result.registration.id;
      await followRegistration({ kind: "enrolled", registration: result.registration });
      const entries = await listEntries(student.id);
      assertEquals(entries.map((e) => [e.kind, e.amount]), [["charge", result.registration.credits * 10000]]);
    });

    await t.step("a drop within add/drop reverses it; registering again charges again", async () => {
      const { dropped } = await dropRegistration(registrationId, me);
      await followRegistration({ kind: "dropped", registration: dropped });
      assertEquals((await readProjection(student.id)).balance, 0);
      const again = await addRegistration({ sectionId: dropped.sectionId, studentId: student.id }, me);
      assertEquals(again.status, "enrolled");
      const kinds = (await listEntries(student.id)).map((e) => e.kind);
      assertEquals(kinds.sort(), ["charge", "charge", "reversal"]);
    });

    await t.step(
      "what the listener missed is charged and reversed by the nightly reconciliation, once",
      async () => {
        // The seed's enrolments made before the demo's tuition was set were free then: charged now, once.
        await reconcileRegistrations();
        const held = new Set((await currentEnrolments(student.id)).map((r) => r.sectionId));
        const section = list.find((s) => !held.has(s.id) && s.credits > 0)!;
        // An enrolment written without the listener (as if the process had stopped right after its commit).
        const missed = {
          id: registrationIdOf(student.id, section.id),
          studentId: student.id,
          groupId,
          sectionId: section.id,
          bookId: section.bookId,
          credits: section.credits,
          status: "enrolled" as const,
          position: null,
          at: new Date().toISOString(),
          by: null,
        };
        await db().set(regKeys.registration(student.id, groupId, section.id), missed);
        const before = (await listEntries(student.id)).length;
        assertEquals(await reconcileRegistrations(), 1);
        assertEquals(await reconcileRegistrations(), 0);
        assertEquals((await listEntries(student.id)).length, before + 1);
        // Dropped without the listener: the nightly run reverses it (add/drop is open in the demo).
        await db().delete(regKeys.registration(student.id, groupId, section.id));
        assertEquals(await reconcileRegistrations(), 1);
        assertEquals(await reconcileRegistrations(), 0);
        const kinds = (await listEntries(student.id)).slice(before).map((e) => e.kind).sort();
        assertEquals(kinds, ["charge", "reversal"]);
      },
    );

    await t.step("a student with a debt past the threshold is refused, told the amount", async () => {
      await appendEntry({
        studentId: debtor.id,
        kind: "charge",
        amount: 75000,
        date: "2026-09-01",
        source: { type: "manual", id: "debt" },
      }, null);
      const error = await assertRejects(
        () => addRegistration({ sectionId: list[0].id, studentId: debtor.id }, { ...me, staff: false }),
        AppError,
      ) as AppError;
      const hold = error.options.fields?.hold;
      assert(hold && String(hold.params?.en).includes("750.00 GEL"), JSON.stringify(error.options.fields));
    });
  } finally {
    await closeDb();
    pinClock(null);
  }
});

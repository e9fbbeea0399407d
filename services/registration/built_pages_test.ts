/**
 * A student's page of offerings is handed back as built while nothing it shows moved (built_pages.ts), and
 * follows every change it shows: another student's registration (seats), the student's own (their status and
 * refusals), a hold, the registrar's capacity, the language and the filter.
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { seed } from "../seed/mod.ts";
import { pinClock } from "../academic/clock.ts";
import { REFERENCE_NOW } from "../seed/university_sizes.ts";
import { addRegistration } from "./decide.ts";
import { addHold, removeHold } from "./holds.ts";
import { editOffering, listOfferings } from "./offerings.ts";
import { currentWindowGroup } from "./windows.ts";
import type { Student } from "../academic/model.ts";

const asStudent = (studentId: number) => ({ userId: 1000 + studentId, staff: false, studentId });

Deno.test("a student's page of offerings", async (t) => {
  pinClock(REFERENCE_NOW);
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const groupId = (await currentWindowGroup())!;
    const active: number[] = [];
    for (let id = 121; id <= 200 && active.length < 2; id++) {
      if ((await db().get<Student>(["students", id])).value?.status === "active") active.push(id);
    }
    const [student, other] = active;
    const page = () => listOfferings(groupId, { limit: 20 }, { studentId: student }, "en");
    // A section on the page the student may take, with room for both.
    const first = await page();
    const open = first.data.find((r) => r.refusals?.length === 0 && r.seatsLeft >= 2 && !r.mine)!;
    assert(open, "the seeded page has a section the student may take");
    const rowOf = async () => (await page()).data.find((r) => r.id === open.id)!;

    await t.step("an unchanged page hands back the rows it built", async () => {
      const again = await page();
      assert(again.data[0] === (await page()).data[0], "the same row object");
      assertEquals(again.data.map((r) => r.id), first.data.map((r) => r.id));
    });

    await t.step("another student's registration moves the seats shown", async () => {
      const before = await rowOf();
      await addRegistration({ sectionId: open.id, studentId: other }, asStudent(other));
      const after = await rowOf();
      assertEquals(after.enrolled, before.enrolled + 1);
      assertEquals(after.seatsLeft, before.seatsLeft - 1);
    });

    await t.step("a hold is among the refusals at once, and gone when removed", async () => {
      const hold = await addHold({ studentId: student, kind: "finance", reason: "Unpaid tuition" }, 2);
      assert((await rowOf()).refusals!.some((r) => r.check === "hold"));
      assertEquals((await page()).mine!.holds.map((h) => h.reason), ["Unpaid tuition"]);
      await removeHold(student, hold.id, 2);
      assertEquals((await rowOf()).refusals, []);
      assertEquals((await page()).mine!.holds, []);
    });

    await t.step("the registrar's capacity shows at once", async () => {
      await editOffering(open.id, { capacity: open.enrolled + 7, closed: false }, 2);
      assertEquals((await rowOf()).capacity, open.enrolled + 7);
    });

    await t.step("the student's own registration shows as theirs", async () => {
      const registration = await addRegistration(
        { sectionId: open.id, studentId: student },
        asStudent(student),
      );
      const row = await rowOf();
      assertEquals(row.mine?.id, registration.registration.id);
      assertEquals(row.mine?.status, "enrolled");
      const mine = (await page()).mine!;
      assert(
        mine.registrations.some((r) => r.sectionId === open.id),
        "listed among the student's registrations",
      );
      assertEquals(mine.credits, first.mine!.credits + open.course.credits);
    });

    await t.step("the language and the page are part of what was built", async () => {
      const en = await page();
      const ka = await listOfferings(groupId, { limit: 20 }, { studentId: student }, "ka");
      assert(ka.data[0] !== en.data[0] && ka.data[0].id === en.data[0].id, "a row of its own per language");
      const second = await listOfferings(groupId, { limit: 20, page: 2 }, { studentId: student }, "en");
      assert(second.data.every((r) => !en.data.some((e) => e.id === r.id)));
    });
  } finally {
    closeDb();
  }
});

/**
 * Registration decisions on the seeded demo university (:memory: KV): every failed check named, the seat
 * counter equal to the roster under a race of 197 students for 30 seats, the credit limit and clashes held
 * under racing requests of one student, and a drop that promotes exactly one waitlisted student.
 */
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { seed } from "../seed/mod.ts";
import { pinClock } from "../academic/clock.ts";
import { REFERENCE_NOW } from "../seed/university_sizes.ts";
import { addRegistration } from "./decide.ts";
import { dropRegistration } from "./drop.ts";
import { addHold, removeHold } from "./holds.ts";
import { keys, type SectionSeats } from "./model.ts";
import { editOffering, listOfferings } from "./offerings.ts";
import { sectionRoster } from "./roster.ts";
import { clashingLessons, groupSections } from "./sections.ts";
import { currentWindowGroup, getWindow, setWindow } from "./windows.ts";
import { AppError } from "../../utils/errors.ts";
import type { Student } from "../academic/model.ts";

const STAFF = { userId: 2, staff: true };
const asStudent = (studentId: number) => ({ userId: 1000 + studentId, staff: false, studentId });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const error = await assertRejects(() => p, AppError);
  return error as AppError;
}

Deno.test("registration decisions", async (t) => {
  pinClock(REFERENCE_NOW);
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const groupId = (await currentWindowGroup())!;
    const { list } = await groupSections(groupId);
    // Active students the seed left without registrations.
    const active: number[] = [];
    for (let id = 121; id <= 200; id++) {
      if ((await db().get<Student>(["students", id])).value?.status === "active") active.push(id);
    }
    const [fresh, racer] = active;
    // Students the later steps register on their own: kept out of the race, whose order decides who gets a seat.
    const reserved = new Set(active.slice(0, 3));
    let raced = "";
    /** Racers who, before the race, passed every check for the raced section but the window's dates. */
    const passing = new Set<number>();

    await t.step("a refused registration names every failed check and writes nothing", async () => {
      const offers = await listOfferings(groupId, { limit: 500 }, { studentId: 1 }, "en");
      const clash = offers.data.find((o) => o.refusals?.some((r) => r.check === "clash"))!;
      const hold = await addHold({ studentId: 1, kind: "finance", reason: "Unpaid tuition" }, 2);
      const error = await refusal(addRegistration({ sectionId: clash.id, studentId: 1 }, asStudent(1)));
      assertEquals(error.status, 422);
      const fields = Object.keys(error.options.fields ?? {});
      assert(fields.includes("clash") && fields.includes("hold"), fields.join());
      assertEquals((await db().get(keys.registration(1, groupId, clash.id))).versionstamp, null);
      await removeHold(1, hold.id, 2);
    });

    await t.step("197 students racing for 30 seats: 30 enrolled, the rest waitlisted in order", async () => {
      const section = list[list.length - 1];
      await editOffering(section.id, { capacity: 30, closed: false }, 2);
      const before = (await sectionRoster(section.id, "en")).enrolled.length;
      await editOffering(section.id, { capacity: 30 + before, closed: false }, 2);
      const waitBefore = (await sectionRoster(section.id, "en")).waitlist.length;
      // The seeded students, with the registrar's override.
      const racers = Array.from({ length: 200 }, (_, i) => 1 + i).filter((id) => !reserved.has(id));
      // Who passes is asked of the offerings list now, as the race's order (which decides who waits first)
      // depends on timing: a waitlisted racer's checks do not change with their place in this section.
      for (const studentId of racers) {
        const offers = await listOfferings(
          groupId,
          { text: section.book.code, limit: 50 },
          { studentId },
          "en",
        );
        const refusals = offers.data.find((o) => o.id === section.id)?.refusals ?? [];
        if (refusals.every((r) => r.check === "window")) passing.add(studentId);
      }
      const results = await Promise.all(
        racers.map((studentId) =>
          addRegistration({ sectionId: section.id, studentId, override: true, reason: "race" }, STAFF)
            .catch((e) => e as AppError)
        ),
      );
      const ok = results.filter((r) => !(r instanceof AppError)) as Exclude<
        typeof results[number],
        AppError
      >[];
      const duplicates = results.length - ok.length; // the seed had enrolled some of them already
      assertEquals(ok.filter((r) => r.status === "enrolled").length + before, 30 + before);
      assertEquals(ok.filter((r) => r.status === "waitlisted").length, racers.length - duplicates - 30);
      const seats = (await db().get<SectionSeats>(keys.seats(section.id))).value!;
      const roster = await sectionRoster(section.id, "en");
      assertEquals(seats.enrolled, roster.enrolled.length);
      assertEquals(seats.enrolled, 30 + before);
      assertEquals(seats.waitlisted, roster.waitlist.length);
      const positions = roster.waitlist.map((w) => w.position!);
      assertEquals(positions, [...positions].sort((a, b) => a - b));
      assertEquals(new Set(positions).size, positions.length);
      assertEquals(roster.waitlist.length, waitBefore + racers.length - duplicates - 30);
      raced = section.id;
    });

    await t.step("a drop promotes exactly one waitlisted student: the first who still passes", async () => {
      const roster = await sectionRoster(raced, "en");
      const section = { id: raced };
      const first = roster.waitlist[0];
      const leaving = roster.enrolled[0];
      const { promoted } = await dropRegistration(leaving.registrationId, { ...STAFF, studentId: null });
      // The racers came in with the registrar's override: a waitlisted one who no longer passes (a clash with
      // what they hold, an inactive status) is passed over and keeps their place; a drop looks at five.
      const expected = roster.waitlist.slice(0, 5).find((w) => passing.has(w.studentId)) ?? null;
      assertEquals(
        promoted?.studentId ?? null,
        expected?.studentId ?? null,
        `first waiting ${first.studentId}, of whom these pass: ${
          roster.waitlist.slice(0, 5).map((w) => passing.has(w.studentId))
        }`,
      );
      const after = await sectionRoster(section.id, "en");
      assertEquals(after.enrolled.length, roster.enrolled.length - (promoted ? 0 : 1));
      assertEquals(after.waitlist.length, roster.waitlist.length - (promoted ? 1 : 0));
      const counter = (await db().get<SectionSeats>(keys.seats(section.id))).value!;
      assertEquals([counter.enrolled, counter.waitlisted], [after.enrolled.length, after.waitlist.length]);
    });

    await t.step("one student racing for sections: the credit limit and clashes hold", async () => {
      const window = (await getWindow(groupId))!;
      const offers = await listOfferings(groupId, { limit: 500 }, { studentId: fresh }, "en");
      const passing = offers.data.filter((o) => o.refusals?.length === 0 && o.seatsLeft > 5);
      const free = passing.filter((o, i) =>
        passing.slice(0, i).every((p) =>
          p.course.id !== o.course.id && !clashingLessons(
            list.find((s) => s.id === p.id)!,
            list.find((s) => s.id === o.id)!,
          )
        )
      );
      assert(free.length >= 3, `only ${free.length} clash-free sections`);
      const credits = free[0].course.credits;
      await setWindow(groupId, { ...window, creditLimit: credits * 2 }, 2);
      const same = free.filter((o) => o.course.credits === credits).slice(0, 4);
      const results = await Promise.allSettled(
        same.map((o) => addRegistration({ sectionId: o.id, studentId: fresh }, asStudent(fresh))),
      );
      const enrolled = results.filter((r) => r.status === "fulfilled").length;
      assertEquals(enrolled, Math.min(2, same.length));
      for (const r of results) {
        if (r.status === "rejected") {
          assertEquals(Object.keys((r.reason as AppError).options.fields!), ["credits"]);
        }
      }
      await setWindow(groupId, window, 2);

      const a = list.find((s) =>
        list.some((b) => b.id !== s.id && b.bookId !== s.bookId && clashingLessons(s, b))
      )!;
      const b = list.find((x) => x.id !== a.id && x.bookId !== a.bookId && clashingLessons(a, x))!;
      const both = await Promise.allSettled(
        [a, b].map((s) =>
          addRegistration({ sectionId: s.id, studentId: racer, override: true, reason: "x" }, STAFF)
            .then(() => dropRegistration(`${racer}-${s.id}`, { ...STAFF, studentId: null }))
            .then(() => addRegistration({ sectionId: s.id, studentId: racer }, asStudent(racer)))
        ),
      );
      // Each may fail for its own conditions; never may both lessons be held at once.
      const held = (await Promise.all([a, b].map((s) => db().get(keys.registration(racer, groupId, s.id)))))
        .filter((e) => e.versionstamp !== null);
      assert(held.length <= 1, JSON.stringify(both.map((x) => x.status)));
    });

    await t.step(
      "what this process last saw of the window is checked, not trusted: a limit lowered elsewhere holds",
      async () => {
        const student = active[2];
        const window = (await getWindow(groupId))!;
        const offers = await listOfferings(groupId, { limit: 500 }, { studentId: student }, "en");
        const open = offers.data.filter((o) => o.refusals?.length === 0 && o.seatsLeft > 5);
        const first = open[0];
        const second = open.find((o) =>
          o.course.id !== first.course.id &&
          !clashingLessons(list.find((s) => s.id === o.id)!, list.find((s) => s.id === first.id)!)
        )!;
        await addRegistration({ sectionId: first.id, studentId: student }, asStudent(student));
        // As another instance would: straight into KV, past everything this process keeps.
        await db().set(keys.window(groupId), { ...window, creditLimit: first.course.credits });
        const error = await refusal(
          addRegistration({ sectionId: second.id, studentId: student }, asStudent(student)),
        );
        assert(
          Object.keys(error.options.fields ?? {}).includes("credits"),
          JSON.stringify(error.options.fields),
        );
        await db().set(keys.window(groupId), window);
      },
    );

    await t.step("the same student twice at once: one registration, one duplicate", async () => {
      const section = list[list.length - 2];
      const twice = await Promise.allSettled(
        [1, 2].map(() =>
          addRegistration({ sectionId: section.id, studentId: racer, override: true, reason: "twice" }, STAFF)
        ),
      );
      assertEquals(twice.filter((r) => r.status === "fulfilled").length, 1);
      const refusal = twice.find((r) => r.status === "rejected") as PromiseRejectedResult;
      assertEquals((refusal.reason as AppError).status, 409);
      const seats = (await db().get<SectionSeats>(keys.seats(section.id))).value!;
      const roster = await sectionRoster(section.id, "en");
      assertEquals([seats.enrolled, seats.waitlisted], [roster.enrolled.length, roster.waitlist.length]);
    });

    await t.step(
      "bad input: unknown section, someone else's drop, duplicate, after the deadline",
      async () => {
        assertEquals(
          (await refusal(addRegistration({ sectionId: "99-1-1", studentId: 1 }, asStudent(1)))).status,
          404,
        );
        const mine = `1-${list[0].id}`;
        const other = await refusal(dropRegistration(mine, asStudent(2)));
        assertEquals(other.status, 403);
        const held = await db().get(keys.registration(1, groupId, list[0].id));
        if (held.versionstamp !== null) {
          assertEquals(
            (await refusal(addRegistration({ sectionId: list[0].id, studentId: 1 }, asStudent(1)))).status,
            409,
          );
        }
        const window = (await getWindow(groupId))!;
        await setWindow(groupId, { ...window, dropDeadline: window.opens }, 2);
        const late = await refusal(dropRegistration(mine, asStudent(1)));
        assertEquals([late.status, Object.keys(late.options.fields ?? {})], [422, ["dropDeadline"]]);
        await setWindow(groupId, window, 2);
      },
    );
  } finally {
    pinClock(null);
    await closeDb();
  }
});

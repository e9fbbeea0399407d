import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { seed } from "../seed/mod.ts";
import { removeEntry } from "./entries.ts";
import { SCOPE_VIEW_TTL_MS, scopeView } from "./scope_view.ts";
import { scopeEntries } from "./view.ts";
import { dropRegistration } from "../registration/drop.ts";
import { sectionIdOf } from "../registration/model.ts";

const professor = { kind: "professor", id: 4 } as const;

Deno.test("a scope's lessons are kept briefly and dropped by a lesson write", async (t) => {
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const now = Date.now();
    const first = await scopeView(professor, 11, now);
    assert(first.entries.length > 1, "the demo professor teaches in the current semester");

    await t.step("a second read within the time to live is the same copy", async () => {
      assertEquals(await scopeView(professor, 11, now + 10), first);
      assert(first.entries.every((e) => first.names.books.has(e.bookId)), "every course is named");
    });
    await t.step("a lesson write in this process drops the copy at once", async () => {
      const gone = first.entries[0];
      await removeEntry(gone.id, 1);
      const after = await scopeView(professor, 11, now + 20);
      assertEquals(after.entries.length, first.entries.length - 1);
      assert(!after.entries.some((e) => e.id === gone.id));
    });
    await t.step("a student's lessons are exactly their sections', and follow a drop at once", async () => {
      const student = { kind: "student", id: 1, programId: 0 } as const;
      const view = await scopeView(student, 11, now + 25);
      assert(view.entries.length > 1, "the demo student holds sections in the current semester");
      assertEquals(view.entries, await scopeEntries(student, 11));
      assert(
        view.entries.every((e) =>
          view.names.books.has(e.bookId) && view.names.professors.has(e.professorHrId)
        ),
      );
      const left = view.entries[0];
      const section = sectionIdOf(11, left.bookId, left.professorHrId);
      await dropRegistration(`1-${section}`, { userId: 1, staff: true, studentId: null }, {
        override: true,
        reason: "a test of the timetable",
      });
      const after = await scopeView(student, 11, now + 26);
      assertEquals(after.entries, await scopeEntries(student, 11));
      assert(!after.entries.some((e) => sectionIdOf(11, e.bookId, e.professorHrId) === section));
    });
    await t.step("a copy older than the time to live is read again", async () => {
      const held = await scopeView(professor, 11, now + 30);
      const later = await scopeView(professor, 11, now + 30 + SCOPE_VIEW_TTL_MS);
      assert(held !== later);
      assertEquals(later.entries.map((e) => e.id), held.entries.map((e) => e.id));
    });
  } finally {
    await closeDb();
  }
});

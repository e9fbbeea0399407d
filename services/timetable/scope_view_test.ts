import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { seed } from "../seed/mod.ts";
import { removeEntry } from "./entries.ts";
import { SCOPE_VIEW_TTL_MS, scopeView } from "./scope_view.ts";

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

import { assertEquals } from "../../tests/assert.ts";
import { cachedValue, cacheVersionKey } from "./cached_value.ts";
import { closeDb, db, openDb } from "./kv.ts";

/** A cached copy of `["settings", "colour"]`, counting its loads. */
function colourCache(name: string, maxAgeMs = 60_000) {
  const counts = { loads: 0 };
  const cache = cachedValue({
    name,
    maxAgeMs,
    load: async () => (counts.loads++, (await db().get<string>(["settings", "colour"])).value ?? "none"),
  });
  return { cache, counts };
}

Deno.test("a cached value across processes sharing one KV file", async (t) => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/shared.kv`;
  await openDb(path);
  // Another process: its own connection, whose writes this one never sees happen.
  const other = await Deno.openKv(path);
  try {
    await t.step("is loaded once and served while its version stays", async () => {
      const { cache, counts } = colourCache("colour_a");
      await db().set(["settings", "colour"], "red");
      assertEquals(await cache.get(), "red");
      assertEquals(await cache.get(), "red");
      assertEquals(counts.loads, 1);
    });

    await t.step("a write through this process (after) shows at the next get", async () => {
      const { cache } = colourCache("colour_b");
      assertEquals(await cache.get(), "red");
      await cache.after(db().set(["settings", "colour"], "green"));
      assertEquals(await cache.get(), "green");
    });

    await t.step("another process's write, with its version moved, shows at the next get", async () => {
      const { cache, counts } = colourCache("colour_c");
      assertEquals(await cache.get(), "green");
      await other.atomic().set(["settings", "colour"], "blue").set(cacheVersionKey("colour_c"), Date.now())
        .commit();
      assertEquals(await cache.get(), "blue");
      assertEquals(counts.loads, 2);
    });

    await t.step(
      "a write that moved no version shows once the copy is older than its maximum age",
      async () => {
        const { cache } = colourCache("colour_d", 30);
        assertEquals(await cache.get(), "blue");
        await other.set(["settings", "colour"], "white");
        await new Promise((r) => setTimeout(r, 40));
        assertEquals(await cache.get(), "white");
      },
    );

    await t.step("peek answers the last load, for synchronous readers after a get", async () => {
      const { cache } = colourCache("colour_e");
      assertEquals(cache.peek(), undefined);
      await cache.get();
      assertEquals(cache.peek(), "white");
    });
  } finally {
    other.close();
    await closeDb();
    await Deno.remove(dir, { recursive: true });
  }
});

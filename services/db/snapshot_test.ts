import { deepStrictEqual } from "node:assert/strict";
import { closeDb, db, openDb } from "./kv.ts";
import { kvSnapshot, type Versions } from "./snapshot.ts";

const VERSION: Deno.KvKey = ["meta", "test_version"];

/** A snapshot of every `["items", id]` value, counting how often it was built and updated. */
function itemsSnapshot(opts: { incremental?: boolean; maxAgeMs?: number } = {}) {
  const counts = { loads: 0, updates: 0 };
  const readAll = async (kv: Deno.Kv) => {
    const items: string[] = [];
    for await (const entry of kv.list<string>({ prefix: ["items"] })) items.push(entry.value);
    return items;
  };
  const snapshot = kvSnapshot<{ items: string[] }>({
    versionKeys: [VERSION],
    load: async (kv) => (counts.loads++, { items: await readAll(kv) }),
    update: opts.incremental
      ? async (held: { items: string[] }, _from: Versions, _to: Versions, kv: Deno.Kv) => {
        counts.updates++;
        held.items = await readAll(kv);
        return held;
      }
      : undefined,
    maxAgeMs: opts.maxAgeMs,
  });
  return { snapshot, counts };
}

/** A write as the services make them: the data and the version key in one atomic. */
const write = (kv: Deno.Kv, id: number, value: string) =>
  kv.atomic().set(["items", id], value).set(VERSION, Date.now()).commit();

Deno.test("in-process snapshot", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("is built once and served while its version keys stay", async () => {
      const { snapshot, counts } = itemsSnapshot();
      await write(db(), 1, "a");
      deepStrictEqual((await snapshot.get()).items, ["a"]);
      deepStrictEqual((await snapshot.get()).items, ["a"]);
      deepStrictEqual(counts.loads, 1);
    });

    await t.step("shows a write of this process on the next read", async () => {
      const { snapshot } = itemsSnapshot();
      await snapshot.get();
      await write(db(), 2, "b");
      deepStrictEqual((await snapshot.get()).items, ["a", "b"]);
    });

    await t.step("reads that find it stale share one load", async () => {
      const { snapshot, counts } = itemsSnapshot();
      const all = await Promise.all(Array.from({ length: 20 }, () => snapshot.get()));
      deepStrictEqual([counts.loads, new Set(all).size], [1, 1]);
    });

    await t.step("a source that can update is updated, not rebuilt", async () => {
      const { snapshot, counts } = itemsSnapshot({ incremental: true });
      await snapshot.get();
      await write(db(), 3, "c");
      deepStrictEqual((await snapshot.get()).items, ["a", "b", "c"]);
      deepStrictEqual(counts, { loads: 1, updates: 1 });
    });

    await t.step("with a maximum age it is rebuilt when older, even if no key moved", async () => {
      const { snapshot, counts } = itemsSnapshot({ maxAgeMs: 1 });
      await snapshot.get();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await snapshot.get();
      deepStrictEqual(counts.loads, 2);
    });

    await t.step("`at` serves versions the caller read itself", async () => {
      const { snapshot, counts } = itemsSnapshot();
      const versions = await db().getMany([VERSION]);
      deepStrictEqual((await snapshot.at(versions)).items, ["a", "b", "c"]);
      await snapshot.get();
      deepStrictEqual(counts.loads, 1);
    });
  } finally {
    await closeDb();
  }

  await t.step("a fresh store is never answered from another store's snapshot", async () => {
    const { snapshot } = itemsSnapshot();
    await openDb(":memory:");
    try {
      await write(db(), 1, "first store");
      deepStrictEqual((await snapshot.get()).items, ["first store"]);
    } finally {
      await closeDb();
    }
    await openDb(":memory:");
    try {
      // The same first write: a fresh store's versionstamps repeat the other's.
      await write(db(), 1, "second store");
      deepStrictEqual((await snapshot.get()).items, ["second store"]);
    } finally {
      await closeDb();
    }
  });
});

Deno.test("in-process snapshot across processes", async (t) => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/shared.kv`;
  await openDb(path);
  // Another process sharing the KV file: its own connection, whose writes this process never sees happen.
  const other = await Deno.openKv(path);
  try {
    await t.step("is rebuilt after a write made through another connection to the same file", async () => {
      const { snapshot, counts } = itemsSnapshot();
      await write(db(), 1, "mine");
      deepStrictEqual((await snapshot.get()).items, ["mine"]);
      await write(other, 2, "theirs");
      deepStrictEqual((await snapshot.get()).items, ["mine", "theirs"]);
      deepStrictEqual(counts.loads, 2);
    });

    await t.step("and brought up to date in place by a source that can update", async () => {
      const { snapshot, counts } = itemsSnapshot({ incremental: true });
      await snapshot.get();
      await write(other, 3, "theirs again");
      deepStrictEqual((await snapshot.get()).items, ["mine", "theirs", "theirs again"]);
      deepStrictEqual(counts, { loads: 1, updates: 1 });
    });
  } finally {
    other.close();
    await closeDb();
    await Deno.remove(dir, { recursive: true });
  }
});

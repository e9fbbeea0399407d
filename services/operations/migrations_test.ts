import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { readRooms } from "../chat/room_records.ts";
import { MIGRATIONS } from "./migration_list.ts";
import { type Migration, runMigrations } from "./migrations.ts";
import { restoreBackup } from "./restore.ts";
import { readSchemaVersion } from "./schema_version.ts";

const FIXTURE = new URL("./testdata/main_2026-11-25.kvbackup", import.meta.url).pathname;

/** A migration over ["things", i] that counts how often each record was migrated (idempotent by its cursor). */
function countingMigration(
  version: number,
  opts: { failOnBatch?: number } = {},
): Migration & { batches: number } {
  const migration = {
    version,
    name: `things_counted_${version}`,
    batches: 0,
    async batch(kv: Deno.Kv, cursor: string | null, atomic: Deno.AtomicOperation) {
      migration.batches++;
      if (migration.batches === opts.failOnBatch) throw new Error("the process died here");
      const things = kv.list<{ migrated: number }>({ prefix: ["things"] }, {
        limit: 10,
        cursor: cursor ?? undefined,
      });
      let read = 0;
      for await (const thing of things) {
        read++;
        atomic.check(thing).set(thing.key, { migrated: thing.value.migrated + 1 });
      }
      return read < 10 ? null : things.cursor;
    },
  };
  return migration;
}

async function fiftyThings(kv: Deno.Kv) {
  for (let i = 0; i < 50; i++) await kv.set(["things", i], { migrated: 0 });
}

async function migratedCounts(kv: Deno.Kv) {
  const counts: number[] = [];
  for await (const e of kv.list<{ migrated: number }>({ prefix: ["things"] })) counts.push(e.value.migrated);
  return counts;
}

Deno.test("schema migrations", async (t) => {
  await t.step(
    "the data set of 25 Nov 2026 (before migrations) is upgraded to the current schema",
    async () => {
      await openDb(":memory:");
      try {
        await restoreBackup(FIXTURE, ":memory:");
        assertEquals(await readSchemaVersion(db()), 0);
        const before = await readRooms([1, 2, 3]);
        const report = await runMigrations(db(), MIGRATIONS);
        assertEquals(report, { from: 0, to: MIGRATIONS.length, ran: MIGRATIONS.map((m) => m.name) });
        assertEquals(await readSchemaVersion(db()), MIGRATIONS.length);
        const after = await readRooms([1, 2, 3]);
        assertEquals(after, before);
        for (const room of after) {
          assert(
            room && room.cursors instanceof Map && room.personalTitles instanceof Map,
          );
        }
        assertEquals((await runMigrations(db(), MIGRATIONS)).ran, [], "a second start runs nothing");
      } finally {
        await closeDb();
      }
    },
  );

  await t.step("a chat room stored in the older one-record shape becomes two records", async () => {
    await openDb(":memory:");
    try {
      await restoreBackup(FIXTURE, ":memory:");
      const [room] = await readRooms([1]);
      const asObject = (m: Map<number, unknown>) =>
        Object.fromEntries([...m].map(([k, v]) => [String(k), v]));
      await db().set(["chat_heads", 1], { seq: room!.seq });
      await db().set(["chat_rooms", 1], {
        ...room,
        cursors: asObject(room!.cursors),
        unread: asObject(room!.unread),
        lastActive: asObject(room!.lastActive),
        personalTitles: asObject(room!.personalTitles),
      });
      await runMigrations(db(), MIGRATIONS);
      const head = (await db().get<Record<string, unknown>>(["chat_heads", 1])).value!;
      const stored = (await db().get<Record<string, unknown>>(["chat_rooms", 1])).value!;
      assert(head.cursors instanceof Map && !("cursors" in stored) && stored.personalTitles instanceof Map);
      assertEquals((await readRooms([1]))[0], room);
    } finally {
      await closeDb();
    }
  });

  await t.step("two processes starting together run each migration once", async () => {
    const dir = await Deno.makeTempDir();
    const [one, two] = [await Deno.openKv(`${dir}/kv`), await Deno.openKv(`${dir}/kv`)];
    try {
      await fiftyThings(one);
      const list = [countingMigration(1), countingMigration(2)];
      const reports = await Promise.all([runMigrations(one, list), runMigrations(two, list)]);
      assertEquals(reports.flatMap((r) => r.ran).sort(), ["things_counted_1", "things_counted_2"]);
      assertEquals(await migratedCounts(one), Array(50).fill(2));
      assertEquals(list.map((m) => m.batches), [6, 6]);
      assertEquals(await readSchemaVersion(two), 2);
    } finally {
      one.close();
      two.close();
      await Deno.remove(dir, { recursive: true });
    }
  });

  await t.step("a crash mid-migration resumes where it stopped, migrating nothing twice", async () => {
    await openDb(":memory:");
    try {
      await fiftyThings(db());
      const crashing = countingMigration(1, { failOnBatch: 3 });
      await assertRejects(() => runMigrations(db(), [crashing]), Error, "died here");
      assertEquals(await readSchemaVersion(db()), 0);
      assertEquals((await migratedCounts(db())).filter((n) => n === 1).length, 20, "two batches committed");
      const report = await runMigrations(db(), [countingMigration(1)]);
      assertEquals(report.to, 1);
      assertEquals(await migratedCounts(db()), Array(50).fill(1));
      assertEquals((await db().get(["locks", "migrations"])).value, null, "the lock is released");
    } finally {
      await closeDb();
    }
  });
});

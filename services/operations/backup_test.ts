import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { BackupRejected, kvRows } from "./backup_file.ts";
import { takeBackup } from "./backup.ts";
import { countEntries, restoreBackup } from "./restore.ts";

async function tempDir() {
  return await Deno.makeTempDir({ prefix: "backup_test_" });
}

function rawRows(path: string) {
  const sqlite = new DatabaseSync(path, { readOnly: true });
  try {
    return [...kvRows(sqlite)].map((r) => ({ ...r, k: [...r.k], v: [...r.v] }));
  } finally {
    sqlite.close();
  }
}

async function sampleStore(path: string) {
  const kv = await Deno.openKv(path);
  await kv.set(["meta", "schema_version"], 3);
  await kv.set(["books", 1], { id: 1, title: "ალგებრა", tags: ["a", "b"], at: new Date(0), big: 2n ** 70n });
  await kv.set(["books_by_code", "alg-101"], 1);
  await kv.set(["chat_rooms", 7], { members: new Map([[1, { seq: 3 }]]), ids: new Set([1, 2]) });
  await kv.set(["files_chunks", "f", 0], crypto.getRandomValues(new Uint8Array(60 * 1024)));
  await kv.set(["counters", "books"], new Deno.KvU64(41n));
  await kv.set(["sessions", "s1"], { user: 1 }, { expireIn: 3_600_000 });
  await kv.set(["sessions", "gone"], { user: 2 }, { expireIn: 1 });
  for (let i = 0; i < 2500; i++) await kv.set(["students", i], { id: i, name: `სტუდენტი ${i}` });
  kv.close();
}

Deno.test("backup and restore", async (t) => {
  const dir = await tempDir();
  try {
    await sampleStore(`${dir}/source.kv`);
    await new Promise((r) => setTimeout(r, 5)); // let the 1 ms session expire

    await t.step("a round trip gives back every key and value byte for byte, with its expiry", async () => {
      const manifest = await takeBackup(`${dir}/source.kv`, `${dir}/one.kvbackup`);
      assertEquals(manifest.schemaVersion, 3);
      assertEquals(manifest.keyCount, 2507); // the expired session is not in it
      const result = await restoreBackup(`${dir}/one.kvbackup`, `${dir}/target.kv`);
      assertEquals(result.restored, 2507);
      const before = rawRows(`${dir}/source.kv`).filter((r) =>
        r.expiration_ms < 0 || r.expiration_ms > Date.now()
      );
      const after = rawRows(`${dir}/target.kv`);
      assertEquals(after.map((r) => [r.k, r.v, r.v_encoding]), before.map((r) => [r.k, r.v, r.v_encoding]));
      const session = (rows: typeof after) => rows.find((r) => r.expiration_ms > 0)!.expiration_ms;
      assert(Math.abs(session(after) - session(before)) < 5_000, "the session keeps its expiry");
      // The restored file is a working KV: it reads back, and a new write gets a later versionstamp.
      const kv = await Deno.openKv(`${dir}/target.kv`);
      try {
        assertEquals((await kv.get(["books_by_code", "alg-101"])).value, 1);
        const newest = [...after].sort((a, b) => b.version - a.version)[0];
        const written = await kv.set(["after_restore"], true);
        assert(BigInt(`0x${written.versionstamp}`) > BigInt(newest.version) << 16n, "versionstamps move on");
      } finally {
        kv.close();
      }
    });

    await t.step("a restore refuses a KV that holds anything", async () => {
      const error = await assertRejects(
        () => restoreBackup(`${dir}/one.kvbackup`, `${dir}/target.kv`),
        BackupRejected,
      );
      assert(error.message.includes("not empty"), error.message);
      await openDb(":memory:");
      try {
        await restoreBackup(`${dir}/one.kvbackup`, ":memory:");
        const error = await assertRejects(
          () => restoreBackup(`${dir}/one.kvbackup`, ":memory:"),
          BackupRejected,
        );
        assert(error.message.includes("not empty"), error.message);
      } finally {
        await closeDb();
      }
    });

    await t.step("a truncated backup is refused with a clear message and nothing written", async () => {
      const bytes = await Deno.readFile(`${dir}/one.kvbackup`);
      await Deno.writeFile(`${dir}/truncated.kvbackup`, bytes.slice(0, Math.floor(bytes.byteLength / 2)));
      await openDb(":memory:");
      try {
        const error = await assertRejects(
          () => restoreBackup(`${dir}/truncated.kvbackup`, ":memory:"),
          BackupRejected,
        );
        assert(/truncated|damaged|altered|cannot be opened/.test(error.message), error.message);
        assertEquals(await countEntries(db()), 0);
      } finally {
        await closeDb();
      }
    });

    await t.step("an altered value or a removed key is refused with nothing written", async () => {
      for (
        const [name, edit] of [
          [
            "altered",
            "UPDATE kv SET v = X'FF0F4901' WHERE k = (SELECT k FROM kv ORDER BY k LIMIT 1 OFFSET 5)",
          ],
          ["removed", "DELETE FROM kv WHERE k = (SELECT k FROM kv ORDER BY k LIMIT 1 OFFSET 9)"],
        ]
      ) {
        await Deno.copyFile(`${dir}/one.kvbackup`, `${dir}/${name}.kvbackup`);
        const sqlite = new DatabaseSync(`${dir}/${name}.kvbackup`);
        sqlite.exec(edit);
        sqlite.close();
        await openDb(":memory:");
        try {
          const error = await assertRejects(
            () => restoreBackup(`${dir}/${name}.kvbackup`, ":memory:"),
            BackupRejected,
          );
          assert(error.message.includes("altered"), error.message);
          assertEquals(await countEntries(db()), 0);
        } finally {
          await closeDb();
        }
      }
    });

    await t.step("a backup taken while 20 writers commit holds no record without its index", async () => {
      const path = `${dir}/busy.kv`;
      (await Deno.openKv(path)).close();
      const writers = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--unstable-kv",
          new URL("./testdata/writers.ts", import.meta.url).pathname,
          path,
          `${dir}/stop`,
        ],
        stdout: "piped",
        stderr: "inherit",
      }).spawn();
      const waitFor = async (n: number) => {
        while (rawRows(path).length < n) await new Promise((r) => setTimeout(r, 50));
      };
      await waitFor(400);
      const backups: number[] = [];
      for (let i = 0; i < 3; i++) {
        const manifest = await takeBackup(path, `${dir}/busy-${i}.kvbackup`);
        backups.push(manifest.keyCount);
      }
      await Deno.writeTextFile(`${dir}/stop`, "");
      const output = await writers.output();
      assertEquals(output.code, 0);
      const commits = Number(new TextDecoder().decode(output.stdout).trim());
      assert(commits > 200, `the writers committed ${commits} times`);
      for (let i = 0; i < backups.length; i++) {
        await openDb(":memory:");
        try {
          await restoreBackup(`${dir}/busy-${i}.kvbackup`, ":memory:");
          const things = new Set<string>(), indexed = new Set<string>();
          for await (const e of db().list<{ id: string }>({ prefix: ["things"] })) things.add(e.value.id);
          for await (const e of db().list<string>({ prefix: ["things_by_code"] })) indexed.add(e.value);
          assertEquals(things.size * 2, backups[i]);
          assertEquals([...things].filter((id) => !indexed.has(id)), []);
          assertEquals([...indexed].filter((id) => !things.has(id)), []);
        } finally {
          await closeDb();
        }
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

import { deepStrictEqual } from "node:assert/strict";
import { closeDb, db, openDb } from "./kv.ts";
import { appendToLog } from "./log.ts";
import { listAudit } from "./reads.ts";
import { RETRY, untilCommitted } from "./retry.ts";

const prefix = ["test_log", 7];
const head = ["test_log_last", 7];
const unread = ["test_log_unread", 7];

async function entries(kv: Deno.Kv): Promise<[number, string][]> {
  const found: [number, string][] = [];
  for await (const entry of kv.list<string>({ prefix })) found.push([entry.key[2] as number, entry.value]);
  return found;
}

const append = (text: string) =>
  appendToLog({
    prefix,
    head,
    build: (n) => `${n}: ${text}`,
    counters: [{ key: unread, by: 1 }],
    attempts: 50,
  });

Deno.test("append-only log", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("entries are numbered from 1; the head and the counters move with them", async () => {
      const first = await append("a");
      const second = await append("b");
      deepStrictEqual([first.n, first.value, second.n, second.value], [1, "1: a", 2, "2: b"]);
      deepStrictEqual(await entries(db()), [[1, "1: a"], [2, "2: b"]]);
      deepStrictEqual([(await db().get(head)).value, (await db().get(unread)).value], [2, 2]);
    });

    await t.step("concurrent appends take every number once, without gaps", async () => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => append(`c${i}`)));
      deepStrictEqual((await entries(db())).map(([n]) => n), Array.from({ length: 22 }, (_, i) => i + 1));
      deepStrictEqual((await db().get(unread)).value, 22);
    });

    await t.step("an audited append writes its audit entry with it", async () => {
      const done = await appendToLog({
        prefix,
        head,
        build: () => "audited",
        audit: { actor: 3, entity: "test_log", entityId: (n) => `7:${n}` },
      });
      const [entry] = (await listAudit("test_log", `7:${done.n}`)).items;
      deepStrictEqual([entry.actor, entry.action, entry.before, entry.after], [3, "create", null, "audited"]);
    });
  } finally {
    await closeDb();
  }
});

Deno.test("append-only log shared by two processes", async (t) => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/shared.kv`;
  await openDb(path);
  const other = await Deno.openKv(path);
  try {
    await t.step("appends racing another connection's never take the same number", async () => {
      // The other process appends by hand, as any correct appender must: checking the head it read.
      const theirs = (i: number) =>
        untilCommitted(async () => {
          const last = await other.get<number>(head);
          const n = (last.value ?? 0) + 1;
          const result = await other.atomic().check(last).set(head, n).set(
            [...prefix, n],
            `${n}: theirs ${i}`,
          )
            .commit();
          return result.ok ? n : RETRY;
        }, { attempts: 50 });
      await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => append(`mine ${i}`)),
        ...Array.from({ length: 10 }, (_, i) => theirs(i)),
      ]);
      const found = await entries(db());
      deepStrictEqual(found.map(([n]) => n), Array.from({ length: 20 }, (_, i) => i + 1));
      deepStrictEqual(found.filter(([, text]) => text.includes("mine")).length, 10);
    });
  } finally {
    other.close();
    await closeDb();
    await Deno.remove(dir, { recursive: true });
  }
});

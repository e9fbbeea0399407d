import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { setImmediate } from "node:timers";
import { cheapImmediates, coalesceReads } from "./coalesced_reads.ts";

async function counted() {
  const kv = await Deno.openKv(":memory:");
  const calls: number[] = [];
  const getMany = kv.getMany.bind(kv);
  kv.getMany = ((keys: Deno.KvKey[], options?: { consistency?: Deno.KvConsistencyLevel }) => {
    calls.push(keys.length);
    return getMany(keys, options);
  }) as Deno.Kv["getMany"];
  // Sent at the pass's end whatever this runtime's default (Deno 2.5 runs these tests too: there its immediates
  // are 1-ms timers, slower but in the same order).
  return { kv: coalesceReads(kv, { oneAtATime: true, sendAt: "pass-end" }), calls };
}

/** Lets `n` passes of the event loop run (the reads asked in one go out at its end). */
async function turns(n: number) {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A KV whose first read stays "at KV" until `release` is called, counting the keys of each read. */
async function gated(oneAtATime: boolean) {
  const plain = await Deno.openKv(":memory:");
  for (const [k, v] of [["a", 1], ["b", 2], ["c", 3]] as const) await plain.set([k], v);
  const calls: number[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => release = resolve);
  const getMany = plain.getMany.bind(plain);
  plain.getMany = (async (keys: Deno.KvKey[]) => {
    calls.push(keys.length);
    if (calls.length === 1) await gate;
    return await getMany(keys);
  }) as Deno.Kv["getMany"];
  return { kv: coalesceReads(plain, { oneAtATime, sendAt: "pass-end" }), calls, release };
}

Deno.test("reads made together", async (t) => {
  const { kv, calls } = await counted();
  for (const [k, v] of [["a", 1], ["b", 2], ["c", 3]] as const) await kv.set([k], v);

  await t.step("go to KV as one read, and each caller gets its own entries", async () => {
    calls.length = 0;
    const [a, bc, missing] = await Promise.all([
      kv.get<number>(["a"]),
      kv.getMany<[number, number]>([["b"], ["c"]]),
      kv.get(["nothing"]),
    ]);
    assertEquals(calls, [4]);
    assertEquals(a.value, 1);
    assertEquals(bc.map((e) => e.value), [2, 3]);
    assertEquals(missing.value, null);
    assertEquals(missing.versionstamp, null);
  });

  await t.step(
    "reads asked by tasks of one pass of the event loop (requests come so) go as one",
    async () => {
      calls.length = 0;
      const reads = await new Promise<Promise<Deno.KvEntryMaybe<number>>[]>((resolve) => {
        const asked: Promise<Deno.KvEntryMaybe<number>>[] = [];
        setImmediate(() => asked.push(kv.get<number>(["a"])));
        setImmediate(() => asked.push(kv.get<number>(["b"])));
        setImmediate(() => resolve(asked));
      });
      assertEquals((await Promise.all(reads)).map((e) => e.value), [1, 2]);
      assertEquals(calls, [2]);
    },
  );

  await t.step("never more than ten keys in one read", async () => {
    calls.length = 0;
    const keys = Array.from({ length: 14 }, (_, i) => [`k${i}`]);
    const entries = await Promise.all(keys.map((key) => kv.get(key)));
    assertEquals(entries.length, 14);
    assert(calls.every((n) => n <= 10), `reads of ${calls.join(", ")} keys`);
    assertEquals(calls.reduce((a, b) => a + b, 0), 14);
  });

  await t.step(
    "a key asked by several callers is read once; each caller may change its own value",
    async () => {
      await kv.set(["record", 1], { name: "ana", courses: [1, 2], since: new Date(0) });
      calls.length = 0;
      const [first, second, both] = await Promise.all([
        kv.get<{ name: string; courses: number[]; since: Date }>(["record", 1]),
        kv.get<{ name: string; courses: number[]; since: Date }>(["record", 1]),
        kv.getMany<[number, { name: string; courses: number[]; since: Date }]>([["b"], ["record", 1]]),
      ]);
      assertEquals(calls, [2]);
      first.value!.courses.push(3);
      first.value!.since.setFullYear(2000);
      assertEquals(second.value, { name: "ana", courses: [1, 2], since: new Date(0) });
      assertEquals(both[1].value, { name: "ana", courses: [1, 2], since: new Date(0) });
      assertEquals(both[0].value, 2);
      assertEquals(second.versionstamp, first.versionstamp);
    },
  );

  await t.step("a read after a write sees it", async () => {
    await kv.set(["a"], 10);
    assertEquals((await kv.get(["a"])).value, 10);
  });

  await t.step("a malformed key fails its own caller only", async () => {
    const good = kv.get<number>(["b"]);
    const bad = kv.get([{} as unknown as string]);
    await assertRejects(() => bad);
    assertEquals((await good).value, 2);
  });

  await t.step("a read with options goes alone", async () => {
    calls.length = 0;
    await Promise.all([kv.get(["a"], { consistency: "eventual" }), kv.get(["b"])]);
    assertEquals(calls, [1]);
  });
  kv.close();
});

Deno.test("on a local file, reads asked while others are at KV wait for them", async (t) => {
  await t.step("and then go together, each shared key once", async () => {
    const { kv, calls, release } = await gated(true);
    const first = kv.get<number>(["a"]);
    await turns(2);
    const later: Promise<Deno.KvEntryMaybe<number> | Deno.KvEntryMaybe<number>[]>[] = [kv.get<number>(["b"])];
    await turns(1);
    later.push(kv.get<number>(["c"]), kv.get<number>(["b"]));
    await turns(1);
    later.push(kv.getMany<number[]>([["c"], ["d"]]));
    await turns(3);
    assertEquals(calls, [1], "nothing goes while the first read is at KV");
    release();
    assertEquals((await first).value, 1);
    const values = (await Promise.all(later)).map((e) => Array.isArray(e) ? e.map((x) => x.value) : e.value);
    assertEquals(values, [2, 3, 2, [3, null]]);
    assertEquals(calls, [1, 3]);
    kv.close();
  });

  await t.step("each caller's keys in one getMany (one snapshot), never split between two", async () => {
    const { kv, calls, release } = await gated(true);
    const first = kv.get(["a"]);
    await turns(2);
    const sixes = [0, 1, 2].map((n) => kv.getMany(Array.from({ length: 6 }, (_, i) => [`six${n}`, i])));
    await turns(1);
    release();
    await Promise.all([first, ...sixes]);
    assertEquals(calls, [1, 6, 6, 6]);
    kv.close();
  });
});

Deno.test("against a KV that serves reads in parallel, each pass's reads go at once", async () => {
  const { kv, calls, release } = await gated(false);
  const first = kv.get(["a"]);
  await turns(2);
  const second = Promise.all([kv.get(["b"]), kv.get(["c"])]);
  await turns(3);
  assertEquals(calls, [1, 2], "the second turn's reads went while the first was at KV");
  release();
  await Promise.all([first, second]);
  kv.close();
});

Deno.test("where immediates are slow, reads of one turn of microtasks go together", async (t) => {
  await t.step("Deno 2.7 and later run immediates at the pass's end; 2.5 and 2.6 do not", () => {
    assertEquals(["2.5.0", "2.6.1", "2.7.0", "2.9.5", "3.0.0"].map((v) => cheapImmediates(v)), [
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  await t.step("a turn's reads go as one; a later task's go apart", async () => {
    const plain = await Deno.openKv(":memory:");
    await plain.set(["a"], 1);
    const calls: number[] = [];
    const getMany = plain.getMany.bind(plain);
    plain.getMany = ((keys: Deno.KvKey[]) => {
      calls.push(keys.length);
      return getMany(keys);
    }) as Deno.Kv["getMany"];
    const kv = coalesceReads(plain, { oneAtATime: false, sendAt: "turn-end" });
    await Promise.all([kv.get(["a"]), kv.get(["b"])]);
    assertEquals(calls, [2]);
    calls.length = 0;
    const reads = await new Promise<Promise<unknown>[]>((resolve) => {
      const asked: Promise<unknown>[] = [];
      setImmediate(() => asked.push(kv.get(["a"])));
      setImmediate(() => asked.push(kv.get(["b"])));
      setImmediate(() => resolve(asked));
    });
    await Promise.all(reads);
    assertEquals(calls, [1, 1]);
    plain.close();
  });
});

import { deepStrictEqual, ok as assert } from "node:assert/strict";
import { AppError } from "../../utils/errors.ts";
import { bulkSet, closeDb, db, openDb } from "./kv.ts";
import { withEnvVar } from "../../utils/env.ts";
import {
  createRecord,
  type IndexSpec,
  recordEntries,
  removeRecord,
  reserveIds,
  type StoredRecord,
  updateRecord,
} from "./records.ts";
import {
  findByIndex,
  getByIndex,
  getManyRecords,
  getRecord,
  listAudit,
  listIdsByIndex,
  listRecords,
  type Page,
} from "./reads.ts";
import { CHUNK_BYTES, deleteFile, putFile, readFile } from "./files.ts";

interface Book {
  code: string;
  title: string;
  author: string | null;
  count: number;
}

const books = "books";
const bookIndexes = (b: Book): IndexSpec[] => [
  { name: "books_by_code", value: b.code, unique: true },
  { name: "books_by_author", value: b.author },
];
const audit = { actor: 1 };
const book = (code: string, author: string | null = "Rustaveli"): Book => ({
  code,
  title: code,
  author,
  count: 0,
});
const addBook = (code: string, author?: string | null) =>
  createRecord<Book>({ collection: books, build: () => book(code, author), indexes: bookIndexes, audit });
const editBook = (id: number, change: (b: Book) => Book | Promise<Book>, expectedVersionstamp?: string) =>
  updateRecord<Book>({ collection: books, id, change, indexes: bookIndexes, audit, expectedVersionstamp });

const assertEquals = <T>(actual: T, expected: T) => deepStrictEqual(actual, expected);

async function assertRejects<E extends Error>(
  fn: () => Promise<unknown>,
  type: new (...args: never[]) => E,
  includes = "",
): Promise<E> {
  try {
    await fn();
  } catch (error) {
    if (!(error instanceof type)) throw error;
    assert(error.message.includes(includes), `"${error.message}" should include "${includes}"`);
    return error;
  }
  throw new Error(`expected a ${type.name}`);
}

async function countKeys(prefix: Deno.KvKey): Promise<number> {
  let n = 0;
  for await (const _ of db().list({ prefix })) n++;
  return n;
}

async function rejectsWith(promise: Promise<unknown>, status: number, code: string): Promise<AppError> {
  const error = await assertRejects(() => promise, AppError);
  assertEquals([error.status, error.code], [status, code]);
  return error;
}

/** Makes another writer win the race against the next commit: `sneak` runs just before it. */
function beforeNextCommit(sneak: (kv: Deno.Kv) => Promise<unknown>): void {
  const kv = db();
  const atomic = kv.atomic.bind(kv);
  kv.atomic = () => {
    kv.atomic = atomic;
    const op = atomic();
    const commit = op.commit.bind(op);
    op.commit = async () => (await sneak(kv), await commit());
    return op;
  };
}

/** Each test gets a fresh in-memory KV. */
function dbTest(name: string, fn: (t: Deno.TestContext) => Promise<void>) {
  Deno.test(name, async (t) => {
    await openDb(":memory:");
    try {
      await fn(t);
    } finally {
      await closeDb();
    }
  });
}

Deno.test("connection", async (t) => {
  await t.step("db() before openDb says how to fix it", () => {
    const error = (() => {
      try {
        db();
      } catch (e) {
        return e as Error;
      }
    })();
    assert(error?.message.includes("call openDb() first"));
  });
  await t.step(
    "a file path gets its folder created; reopening the same path reuses the connection",
    async () => {
      const dir = await Deno.makeTempDir();
      try {
        const kv = await openDb(`${dir}/nested/app.kv`);
        assert(kv === await openDb(`${dir}/nested/app.kv`));
        await assertRejects(() => openDb(":memory:"), Error, "closeDb()");
        await closeDb();
        assert((await Deno.stat(`${dir}/nested`)).isDirectory);
        await withEnvVar("KV_PATH", `${dir}/from_env/app.kv`, () => openDb());
        await closeDb();
        assert((await Deno.stat(`${dir}/from_env/app.kv`)).isFile);
      } finally {
        await closeDb();
        await Deno.remove(dir, { recursive: true });
      }
    },
  );
});

dbTest("records", async (t) => {
  await t.step("create takes ids 1, 2, 3 from the counter and writes indexes", async () => {
    const created = [await addBook("A"), await addBook("B"), await addBook("C", null)];
    assertEquals(created.map((r) => r.id), [1, 2, 3]);
    assertEquals((await db().get(["counters", books])).value, 3);
    assertEquals(await getByIndex("books_by_code", "B"), 2);
    assertEquals((await listIdsByIndex("books_by_author", "Rustaveli")).items, [1, 2]);
    assertEquals((await findByIndex<Book>(books, "books_by_code", "C"))?.value.author, null);
  });

  await t.step("a duplicate is refused with its field named, and nothing is written", async () => {
    const auditBefore = await countKeys(["audit"]);
    const error = await rejectsWith(addBook("B"), 409, "duplicate");
    assertEquals(error.messageKey, "errors.duplicate");
    assertEquals(error.options.fields, { code: { key: "errors.duplicate" } });
    assertEquals((await db().get(["counters", books])).value, 3);
    assertEquals(await getRecord(books, 4), null);
    assertEquals(await countKeys(["audit"]), auditBefore);
    await rejectsWith(editBook(1, (b) => ({ ...b, code: "B" })), 409, "duplicate");
    assertEquals((await getRecord<Book>(books, 1))?.value.code, "A");
  });

  await t.step(
    "races lost at commit are retried: a taken code becomes a duplicate, a taken id the next one",
    async () => {
      const auditBefore = await countKeys(["audit"]);
      beforeNextCommit((kv) => kv.set(["books_by_code", "RACE"], 99));
      const error = await rejectsWith(addBook("RACE"), 409, "duplicate");
      assertEquals(error.options.fields, { code: { key: "errors.duplicate" } });
      assertEquals([await getRecord(books, 4), await countKeys(["audit"])], [null, auditBefore]);
      beforeNextCommit((kv) => kv.set(["counters", books], 4)); // another process created book 4
      assertEquals((await addBook("D", null)).id, 5);
    },
  );

  await t.step("update moves changed index keys and keeps the others", async () => {
    const updated = await editBook(1, (b) => ({ ...b, code: "A2", author: "Chavchavadze" }));
    assertEquals(updated.value.code, "A2");
    assertEquals(await getByIndex("books_by_code", "A"), null);
    assertEquals(await getByIndex("books_by_code", "A2"), 1);
    assertEquals((await listIdsByIndex("books_by_author", "Rustaveli")).items, [2]);
    assertEquals((await listIdsByIndex("books_by_author", "Chavchavadze")).items, [1]);
    await editBook(3, (b) => ({ ...b, author: "Rustaveli" })); // from "not indexed" to indexed
    assertEquals((await listIdsByIndex("books_by_author", "Rustaveli")).items, [2, 3]);
  });

  await t.step("a stale versionstamp is a 409 conflict and changes nothing", async () => {
    const seen = await getRecord<Book>(books, 2);
    await editBook(2, (b) => ({ ...b, title: "first" }), seen?.versionstamp);
    const error = await rejectsWith(
      editBook(2, (b) => ({ ...b, title: "second" }), seen?.versionstamp),
      409,
      "conflict",
    );
    assertEquals(error.messageKey, "errors.editConflict");
    assertEquals((await getRecord<Book>(books, 2))?.value.title, "first");
    const current = await getRecord<Book>(books, 2);
    beforeNextCommit((kv) => kv.set([books, 2], { ...current?.value, title: "theirs" }));
    await rejectsWith(editBook(2, (b) => ({ ...b, title: "mine" }), current?.versionstamp), 409, "conflict");
    assertEquals((await getRecord<Book>(books, 2))?.value.title, "theirs");
  });

  await t.step("parallel updates without a versionstamp lose nothing", async () => {
    await Promise.all(Array.from({ length: 20 }, () => editBook(2, (b) => ({ ...b, count: b.count + 1 }))));
    assertEquals((await getRecord<Book>(books, 2))?.value.count, 20);
  });

  await t.step("a write by another process between read and commit is retried, not overwritten", async () => {
    let calls = 0;
    const result = await editBook(2, async (b) => {
      if (calls++ === 0) await db().set([books, 2], { ...b, count: 100 });
      return { ...b, count: b.count + 1 };
    });
    assertEquals([calls, result.value.count], [2, 101]);
  });

  await t.step("remove deletes the record and its index keys; a guard can refuse", async () => {
    const removeBook = (id: number, guard?: () => void) =>
      removeRecord<Book>({ collection: books, id, indexes: bookIndexes, audit: { actor: 7 }, guard });
    await rejectsWith(
      removeBook(2, () => {
        throw new AppError(409, "in_use", "errors.inUse");
      }),
      409,
      "in_use",
    );
    assertEquals((await removeBook(2)).code, "B");
    assertEquals(await getRecord(books, 2), null);
    assertEquals(await getByIndex("books_by_code", "B"), null);
    assertEquals((await listIdsByIndex("books_by_author", "Rustaveli")).items, [3]);
    await rejectsWith(removeBook(2), 404, "not_found");
    await rejectsWith(editBook(2, (b) => b), 404, "not_found");
  });

  await t.step("audit entries are listed newest first with before and after", async () => {
    const entries = (await listAudit(books, 2)).items;
    assertEquals(entries.map((e) => e.action), ["remove", ...Array(22).fill("update"), "create"]);
    assertEquals([entries[0].actor, entries[0].after], [7, null]);
    assertEquals((entries[0].before as Book).count, 101);
    assertEquals((entries.at(-1)?.after as Book).code, "B");
    const page1 = await listAudit(books, 2, { limit: 10 });
    const page2 = await listAudit(books, 2, { limit: 10, cursor: page1.cursor });
    assertEquals([...page1.items, ...page2.items].map((e) => e.id), entries.slice(0, 20).map((e) => e.id));
  });

  await t.step("an audit entry too big for one KV value is stored as a note", async () => {
    const big = await createRecord<Book>({
      collection: books,
      build: () => ({ ...book("BIG"), title: "x".repeat(40_000) }),
      indexes: bookIndexes,
      audit,
    });
    await editBook(big.id, (b) => ({ ...b, title: "y".repeat(40_000) }));
    const [entry] = (await listAudit(books, big.id)).items;
    assertEquals(entry.before, { truncated: true, bytes: (entry.before as { bytes: number }).bytes });
  });
});

dbTest("parallel creates", async (t) => {
  await t.step("50 parallel creates get ids 1..50 exactly", async () => {
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => addBook(`P${i}`)));
    assertEquals(created.map((r) => r.id).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i + 1));
    assertEquals((await db().get(["counters", books])).value, 50);
  });

  await t.step("string ids: given ones are unique, else ULIDs", async () => {
    const make = (id?: string) =>
      createRecord<Book>({
        collection: "tags",
        id,
        numericId: false,
        build: () => book("T"),
        indexes: () => [],
        audit,
      });
    assertEquals((await make("ka")).id, "ka");
    assertEquals((await rejectsWith(make("ka"), 409, "duplicate")).options.fields, {
      id: { key: "errors.duplicate" },
    });
    assertEquals((await make()).id.length, 26);
  });
});

dbTest("reading", async (t) => {
  await bulkSet(Array.from({ length: 25 }, (_, i) => [[books, i + 1], book(`R${i + 1}`)] as const));

  await t.step("listRecords pages with cursors; the last page has none", async () => {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<StoredRecord<Book>> = await listRecords<Book>(books, { limit: 10, cursor });
      ids.push(...page.items.map((r) => r.id as number));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    assertEquals([pages, ids.length, ids[24]], [3, 25, 25]);
    assertEquals((await listRecords(books, { limit: 1, reverse: true })).items[0].id, 25);
    await rejectsWith(listRecords(books, { cursor: "not a cursor" }), 422, "invalid");
  });

  await t.step("getManyRecords reads more than 10 ids in order", async () => {
    const found = await getManyRecords<Book>(books, [
      25,
      3,
      99,
      ...Array.from({ length: 12 }, (_, i) => i + 1),
    ]);
    assertEquals(found.length, 15);
    assertEquals([found[0]?.value.code, found[1]?.id, found[2], found[14]?.id], ["R25", 3, null, 12]);
  });
});

dbTest("bulk writes and files", async (t) => {
  await t.step("bulkSet writes 3,000 records with indexes in atomics within KV's limits", async () => {
    const first = await reserveIds(books, 3000);
    const entries = Array.from({ length: 3000 }, (_, i) => {
      const value = { ...book(`BULK${i}`), title: "ტ".repeat(300) };
      return recordEntries(books, first + i, value, bookIndexes(value));
    }).flat();
    const commits = await bulkSet(entries);
    assert(commits >= 18, `${commits} atomics`); // 9,000 entries at ≤ 500 a commit
    assertEquals(await countKeys([books]), 3000);
    assertEquals(await getByIndex("books_by_code", "BULK2999"), 3000);
    assertEquals((await addBook("AFTER")).id, 3001);
  });

  await t.step("a 200 KiB file round-trips through 60 KiB chunks", async () => {
    const bytes = new Uint8Array(200 * 1024).map((_, i) => (i * 31) % 251);
    const meta = await putFile("F1", bytes, { name: "ხელშეკრულება.pdf", type: "application/pdf" });
    assertEquals([meta.size, meta.chunks], [bytes.byteLength, Math.ceil(bytes.byteLength / CHUNK_BYTES)]);
    const read = await readFile("F1");
    assertEquals(read?.meta.name, "ხელშეკრულება.pdf");
    assertEquals(read?.bytes, bytes);
    await assertRejects(() => putFile("F1", bytes, meta), Error, "exists");
    assert(await deleteFile("F1"));
    assertEquals([await readFile("F1"), await countKeys(["files_chunks", "F1"])], [null, 0]);
  });

  await t.step("a 3 MiB file spans several atomics; an empty file has no chunks", async () => {
    const large = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7 + (i >> 12)) & 255);
    await putFile("F2", large, { name: "big.bin", type: "application/octet-stream" });
    assertEquals((await readFile("F2"))?.bytes, large);
    await putFile("F3", new Uint8Array(0), { name: "empty.txt", type: "text/plain" });
    assertEquals((await readFile("F3"))?.bytes.byteLength, 0);
  });
});

Deno.test("references: a write needs the records it points to, and a racing removal cannot leave it dangling", async (t) => {
  const { createRecord: create, removeRecord: remove } = await import("./records.ts");
  await openDb(":memory:");
  const parent = await create<{ id: number; name: string }>({
    collection: "ref_parents",
    build: (id) => ({ id, name: "p" }),
    indexes: () => [],
    audit: { actor: null },
  });
  const references = (v: { parentId: number }) => [
    { collection: "ref_parents", id: v.parentId, field: "parentId", messageKey: "errors.unknownParent" },
  ];
  await t.step("a missing reference is a 422 naming the field", async () => {
    const error = await create<{ id: number; parentId: number }>({
      collection: "ref_children",
      build: (id) => ({ id, parentId: 999 }),
      indexes: () => [],
      audit: { actor: null },
      references,
    }).catch((e) => e);
    assertEquals(error.status, 422);
    assertEquals(error.options.fields.parentId.key, "errors.unknownParent");
  });
  await t.step("a child created while its parent is removed: never both", async () => {
    const child = create<{ id: number; parentId: number }>({
      collection: "ref_children",
      build: (id) => ({ id, parentId: parent.id }),
      indexes: () => [],
      audit: { actor: null },
      references,
    }).then(() => "created", () => "refused");
    const removal = remove<{ id: number }>({
      collection: "ref_parents",
      id: parent.id,
      indexes: () => [],
      audit: { actor: null },
      // The guard refuses while a child exists: it must see a child committed before the removal.
      guard: async () => {
        for await (const _ of db().list({ prefix: ["ref_children"] })) throw new Error("in use");
      },
    }).then(() => "removed", () => "kept");
    const outcome = await Promise.all([child, removal]);
    assert(!(outcome.includes("created") && outcome.includes("removed")), outcome.join(","));
  });
  await closeDb();
});

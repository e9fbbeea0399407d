import { setGpaLimit } from "./conditions.ts";
import { getBookFlags, NO_FLAGS } from "./flags.ts";
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import type { Book } from "../academic/model.ts";
import { addBookFlagsWrite } from "./flags.ts";
import { findBooks } from "./list_index.ts";
import type { BookInput } from "./rules.ts";
import {
  addBook,
  bookName,
  createBook,
  editBook,
  getBook,
  getBooks,
  getStoredBook,
  removeBook,
} from "./mod.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { listAudit } from "../db/reads.ts";
import { seed } from "../seed/mod.ts";

const course = (code: string, over: Partial<Book> = {}): Omit<Book, "id"> => ({
  name: "მიკროეკონომიკა",
  nameEng: "Microeconomics",
  code,
  description: "",
  credit: 6,
  type: 1,
  status: "active",
  lang: null,
  langCode: "geo",
  nashromi_praqtika_type: "",
  medic: false,
  level: 1,
  gpaLimit: null,
  ...over,
});

const form = (over: BookInput = {}): BookInput => ({
  name: "ალგორითმები",
  nameEng: "Algorithms",
  code: "CS-201",
  credit: 6,
  type: 1,
  status: "active",
  langCode: "geo",
  level: 1,
  ...over,
});

/** The field errors of a refused call, as { field: i18n key }. */
async function fieldErrors(call: () => Promise<unknown>): Promise<Record<string, string>> {
  const error = await assertRejects(call, AppError) as AppError;
  assertEquals(error.status, 422);
  return Object.fromEntries(Object.entries(error.options.fields ?? {}).map(([f, e]) => [f, e.key]));
}

Deno.test("books (the core's minimum)", async (t) => {
  await openDb(":memory:");
  try {
    const micro = await createBook(course("ECON101"), 1);
    const macro = await createBook(course("ECON102", { name: "მაკროეკონომიკა", nameEng: "" }), 1);

    await t.step("read one and many", async () => {
      assertEquals((await getBook(micro.id))?.code, "ECON101");
      assertEquals(await getBook(999), null);
      const many = await getBooks([macro.id, 999, micro.id, macro.id]);
      assertEquals([...many.keys()].sort(), [micro.id, macro.id]);
    });

    await t.step("codes are unique regardless of case → 409 duplicate on code", async () => {
      const error = await assertRejects(() => createBook(course("econ101"), 1), AppError) as AppError;
      assertEquals([error.status, error.code, Object.keys(error.options.fields ?? {})], [409, "duplicate", [
        "code",
      ]]);
    });

    await t.step("the name in the interface language, Georgian when there is no English one", () => {
      assertEquals(bookName(micro, "ka"), "მიკროეკონომიკა");
      assertEquals(bookName(micro, "en"), "Microeconomics");
      assertEquals(bookName(macro, "en"), "მაკროეკონომიკა");
    });
  } finally {
    await closeDb();
  }
});

Deno.test("course form rules (SPEC §5)", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("name, credit, status and langCode are required; all reported at once", async () => {
      assertEquals(await fieldErrors(() => addBook({}, 1)), {
        name: "errors.required",
        credit: "errors.required",
        status: "errors.required",
        langCode: "errors.required",
      });
    });

    await t.step("the level is not required (SPEC §5): left empty it is stored as none", async () => {
      for (const level of [undefined, null, ""]) {
        const saved = await addBook(form({ level, code: `LV-${String(level).length}` }), 1);
        assertEquals(saved.value.level, null);
      }
    });

    await t.step("an empty type means 1; a type other than 1 or 2 is refused", async () => {
      const saved = await addBook(form({ type: "", code: "T-1" }), 1);
      assertEquals([saved.value.type, saved.value.lang], [1, null]);
      assertEquals(await fieldErrors(() => addBook(form({ type: 3, code: "T-2" }), 1)), {
        type: "errors.invalidChoice",
      });
    });

    await t.step("type 2 makes lang required, from gr, en, fr, ru, es, tu", async () => {
      assertEquals(await fieldErrors(() => addBook(form({ type: 2, code: "L-1" }), 1)), {
        lang: "errors.required",
      });
      assertEquals(await fieldErrors(() => addBook(form({ type: 2, lang: "de", code: "L-1" }), 1)), {
        lang: "errors.invalidChoice",
      });
      const german = await addBook(form({ type: "2", lang: "gr", code: "L-1" }), 1);
      assertEquals([german.value.type, german.value.lang], [2, "gr"]);
    });

    await t.step("type 1 drops a language sent along", async () => {
      const saved = await addBook(form({ type: 1, lang: "en", code: "T-3" }), 1);
      assertEquals(saved.value.lang, null);
    });

    await t.step("credit is numeric (text of digits accepted), 0–100, in halves", async () => {
      assertEquals(await fieldErrors(() => addBook(form({ credit: "six", code: "C-1" }), 1)), {
        credit: "books.errors.numeric",
      });
      assertEquals(await fieldErrors(() => addBook(form({ credit: 101, code: "C-1" }), 1)), {
        credit: "errors.tooBig",
      });
      assertEquals(await fieldErrors(() => addBook(form({ credit: 2.3, code: "C-1" }), 1)), {
        credit: "books.errors.creditStep",
      });
      assertEquals((await addBook(form({ credit: "7.5", code: "C-1" }), 1)).value.credit, 7.5);
    });

    await t.step("status, langCode, practice type and level keep to their domains", async () => {
      assertEquals(
        await fieldErrors(() =>
          addBook(
            form({ status: "open", langCode: "rus", nashromi_praqtika_type: "x", level: 7, code: "D-1" }),
            1,
          )
        ),
        {
          status: "errors.invalidChoice",
          langCode: "errors.invalidChoice",
          nashromi_praqtika_type: "errors.invalidChoice",
          level: "errors.invalidChoice",
        },
      );
    });

    await t.step(
      "text is trimmed, over-long text refused, a code optional but unique when given",
      async () => {
        const saved = await addBook(form({ name: "  ფიზიკა   I ", code: "", nameEng: "" }), 1);
        assertEquals([saved.value.name, saved.value.code], ["ფიზიკა I", ""]);
        await addBook(form({ name: "ქიმია", code: "" }), 1);
        assertEquals(await fieldErrors(() => addBook(form({ name: "x".repeat(201), code: "E-1" }), 1)), {
          name: "errors.tooLong",
        });
        const dup = await assertRejects(() => addBook(form({ code: "c-1" }), 1), AppError) as AppError;
        assertEquals([dup.status, Object.keys(dup.options.fields ?? {})], [409, ["code"]]);
      },
    );
  } finally {
    await closeDb();
  }
});

Deno.test("course edits: concurrency, audit, removal", async (t) => {
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const created = await addBook(form({ code: "NEW-1" }), 2);

    await t.step(
      "two people edit the same course: the second gets a conflict, not an overwrite",
      async () => {
        const both = created.versionstamp;
        await editBook(created.id, form({ code: "NEW-1", credit: 5 }), 2, both);
        const error = await assertRejects(
          () => editBook(created.id, form({ code: "NEW-1", credit: 8 }), 3, both),
          AppError,
        ) as AppError;
        assertEquals([error.status, error.code, error.messageKey], [409, "conflict", "errors.editConflict"]);
        assertEquals((await getBook(created.id))?.credit, 5);
      },
    );

    await t.step("an edit keeps the GPA limit the conditions dialog set", async () => {
      const current = (await getStoredBook(created.id))!;
      await db().set(["books", created.id], { ...current.value, gpaLimit: 2.5 });
      const saved = await editBook(created.id, form({ code: "NEW-1", credit: 4 }), 2);
      assertEquals(saved.value.gpaLimit, 2.5);
    });

    await t.step("every write is audited under entity books with actor, before and after", async () => {
      const log = (await listAudit("books", created.id)).items;
      assertEquals(log.map((e) => [e.action, e.actor]), [["update", 2], ["update", 2], ["create", 2]]);
      assertEquals((log[1].before as Book).credit, 6);
      assertEquals((log[1].after as Book).credit, 5);
    });

    await t.step("removal is refused while transcripts or lessons refer to the course", async () => {
      const used = (await db().list<string>({ prefix: ["transcripts_by_book"] }, { limit: 1 }).next()).value!;
      const bookId = used.key[1] as number;
      const { versionstamp } = await db().get(["books", bookId]);
      const error = await assertRejects(() => removeBook(bookId, 2, versionstamp!), AppError) as AppError;
      assertEquals([error.status, error.code, error.messageKey], [409, "in_use", "books.errors.inUse"]);
      assert(Number(error.options.params?.transcripts) > 0);
      assert(await getBook(bookId));
    });

    await t.step("an unused course is removed (stale versionstamp refused first)", async () => {
      const stale = created.versionstamp;
      const error = await assertRejects(() => removeBook(created.id, 2, stale), AppError) as AppError;
      assertEquals(error.status, 409);
      await setGpaLimit(created.id, 2.5, 2);
      assertEquals((await getBookFlags(created.id)).conditionStatus, 1);
      await removeBook(created.id, 2, (await db().get(["books", created.id])).versionstamp!);
      assertEquals(await getBook(created.id), null);
      assertEquals((await listAudit("books", created.id)).items[0].action, "remove");
      assertEquals(
        await getBookFlags(created.id),
        NO_FLAGS,
        "the dialogs' data and flags go with the course",
      );
    });
  } finally {
    await closeDb();
  }
});

Deno.test("course list filters (snapshot)", async (t) => {
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const all = (await findBooks({})).rows;
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

    await t.step("newest first; paging slices the same order", async () => {
      assertEquals(ids(all), [...ids(all)].sort((a, b) => b - a));
      const page2 = await findBooks({}, { page: 2, limit: 15 });
      assertEquals([ids(page2.rows), page2.total], [ids(all).slice(15, 30), all.length]);
    });

    await t.step("each filter keeps exactly the matching courses", async () => {
      const expect = async (filter: Parameters<typeof findBooks>[0], keep: (b: Book) => boolean) => {
        const found = await findBooks(filter);
        assertEquals(ids(found.rows), ids(all.filter((r) => keep(r.book))), JSON.stringify(filter));
        assert(found.total > 0, `${JSON.stringify(filter)} matches some`);
      };
      await expect({ type: 2 }, (b) => b.type === 2);
      await expect({ type: 1 }, (b) => b.type === 1);
      await expect({ status: "active" }, (b) => b.status === "active");
      await expect({ credit: 6 }, (b) => b.credit === 6);
      await expect({ lang: ["gr", "fr"] }, (b) => b.lang === "gr" || b.lang === "fr");
      await expect({ langCode: "eng" }, (b) => b.langCode === "eng");
      await expect({ text: "ENGLISH" }, (b) => /english/i.test(`${b.code} ${b.name} ${b.nameEng}`));
      await expect(
        { text: all[3].book.code.toLowerCase() },
        (b) => b.code.toLowerCase().includes(all[3].book.code.toLowerCase()),
      );
      await expect({ type: 2, langCode: "geo" }, (b) => b.type === 2 && b.langCode === "geo");
    });

    await t.step("a new course shows at once; conditions and components follow the flags", async () => {
      const added = await addBook(form({ code: "FLAG-1" }), 1);
      assertEquals(ids((await findBooks({}, { page: 1, limit: 1 })).rows), [added.id]);
      const withConditions = (await findBooks({ conditions: 1 })).total;
      const withComponents = (await findBooks({ components: 1 })).total;
      assertEquals((await findBooks({ conditions: 2 })).rows[0].id, added.id);
      const atomic = db().atomic();
      addBookFlagsWrite(atomic, added.id, { conditionStatus: 1, componentCount: 3 });
      await atomic.commit();
      const conditioned = await findBooks({ conditions: 1 });
      assertEquals([conditioned.total, conditioned.rows[0].id], [withConditions + 1, added.id]);
      assertEquals((await findBooks({ components: 1 })).total, withComponents + 1);
      assertEquals((await findBooks({ components: 2 })).total, all.length + 1 - (withComponents + 1));
      assertEquals((await findBooks({ conditions: 2 })).rows.some((r) => r.id === added.id), false);
      // Searched before the edit too: the matches kept for a search must not outlive the change.
      assertEquals((await findBooks({ text: "ახალი სახელი" })).total, 0);
      await editBook(added.id, form({ code: "FLAG-1", name: "ახალი სახელი" }), 1);
      const row = (await findBooks({ text: "ახალი სახელი" })).rows;
      assertEquals([row.length, row[0].conditionStatus, row[0].componentCount], [1, 1, 3]);
    });

    await t.step("a write by another process (a bare KV write) is seen on the next read", async () => {
      const [first] = all;
      assertEquals((await findBooks({ text: "სხვა პროცესი" })).total, 0);
      await db().set(["books", first.id], { ...first.book, name: "სხვა პროცესი" });
      await db().set(["meta", "books_version"], { id: 0, prev: null, counter: null, at: 0 });
      assertEquals((await findBooks({ text: "სხვა პროცესი" })).total, 1);
    });
  } finally {
    await closeDb();
  }
});

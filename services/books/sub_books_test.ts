import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import { addBook } from "./mod.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { listAudit } from "../db/reads.ts";
import { addSubLink, listSubLinks, removeSubLink } from "./sub_book_links.ts";
import {
  addSubBook,
  editSubBook,
  findSubBooks,
  getSubBook,
  nextSubBookId,
  removeSubBook,
} from "./sub_books.ts";

const refused = async (call: () => Promise<unknown>) => {
  const error = await assertRejects(call, AppError) as AppError;
  return [error.status, error.code, Object.keys(error.options.fields ?? {}).join()];
};

Deno.test("sub-course categories and their links", async (t) => {
  await openDb(":memory:");
  try {
    const book = await addBook({
      name: "ალგებრა",
      credit: 5,
      status: "active",
      langCode: "geo",
      level: 1,
      code: "MATH-1",
    }, 2);

    await t.step("id, name and credit are required; the id is the person's, unique", async () => {
      assertEquals(await refused(() => addSubBook({}, 2)), [422, "invalid", "id,name,credit"]);
      assertEquals(await nextSubBookId(), 1);
      await addSubBook({ id: 7, name: "სავალდებულო", credit: "30", code: "CORE" }, 2);
      assertEquals(await refused(() => addSubBook({ id: "7", name: "სხვა", credit: 5 }, 2)), [
        409,
        "duplicate",
        "id",
      ]);
      assertEquals(await refused(() => addSubBook({ id: 8, name: "სხვა", credit: 5, code: "core" }, 2)), [
        409,
        "duplicate",
        "code",
      ]);
      assertEquals(await nextSubBookId(), 8);
      const closed = await addSubBook({ id: 9, name: "ძველი", credit: 5, status: "closed" }, 2);
      assertEquals(closed.value.status, "closed");
    });

    await t.step("the list filters by text, credit and status", async () => {
      assertEquals((await findSubBooks({}, { page: 1, limit: 15 })).total, 2);
      assertEquals((await findSubBooks({ text: "core" }, { page: 1, limit: 15 })).rows.map((r) => r.id), [7]);
      assertEquals((await findSubBooks({ status: "closed" }, { page: 1, limit: 15 })).rows.map((r) => r.id), [
        9,
      ]);
      assertEquals((await findSubBooks({ credit: 30 }, { page: 1, limit: 15 })).rows.map((r) => r.id), [7]);
    });

    await t.step(
      "links: added once, to active categories only, listed by page, audited on the course",
      async () => {
        await addSubLink(book.id, 7, 2);
        assertEquals(await refused(() => addSubLink(book.id, 7, 2)), [409, "duplicate", "subBookId"]);
        assertEquals(await refused(() => addSubLink(book.id, 9, 2)), [422, "invalid", "subBookId"]);
        assertEquals(await refused(() => addSubLink(book.id, 99, 2)), [422, "invalid", "subBookId"]);
        assertEquals(await refused(() => addSubLink(999, 7, 2)), [404, "not_found", ""]);
        assertEquals(await listSubLinks(book.id, { page: 1, limit: 10 }), {
          data: [{ id: 7, name: "სავალდებულო", nameEng: "", code: "CORE", credit: 30 }],
          total: 1,
        });
        assertEquals((await listSubLinks(book.id, { page: 2, limit: 10 })).data, []);
        const log = (await listAudit("books", book.id)).items;
        assertEquals(log[0].action, "create");
        assertEquals(log[0].after, {
          subLink: { id: 7, name: "სავალდებულო", nameEng: "", code: "CORE", credit: 30 },
        });
      },
    );

    await t.step("a linked category cannot be removed; after unlinking it can", async () => {
      const stamp = async () => (await getSubBook(7))!.versionstamp;
      assertEquals(await refused(async () => removeSubBook(7, 2, await stamp())), [409, "in_use", ""]);
      await removeSubLink(book.id, 7, 2);
      assertEquals(await refused(() => removeSubLink(book.id, 7, 2)), [404, "not_found", ""]);
      const edited = await editSubBook(7, { name: "სავალდებულო ბლოკი", credit: 40, code: "CORE" }, 2);
      assertEquals([edited.value.id, edited.value.credit], [7, 40]);
      await removeSubBook(7, 2, await stamp());
      assertEquals((await findSubBooks({}, { page: 1, limit: 15 })).total, 1);
      assertEquals((await listAudit("sub_books", 7)).items.map((e) => e.action), [
        "remove",
        "update",
        "create",
      ]);
    });
  } finally {
    await closeDb();
  }
});

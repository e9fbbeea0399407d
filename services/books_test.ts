import { assertEquals, assertRejects } from "../tests/assert.ts";
import { AppError } from "../utils/errors.ts";
import type { Book } from "./academic_model.ts";
import { bookName, createBook, getBook, getBooks } from "./books.ts";
import { closeDb, openDb } from "./db.ts";

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

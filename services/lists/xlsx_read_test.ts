import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { toXlsx } from "../files/xlsx_export.ts";
import { readFirstSheet, XlsxReadError } from "./xlsx_read.ts";

Deno.test("reading an .xlsx upload", async (t) => {
  await t.step(
    "reads back what the export writes: text, numbers, empty cells, markup characters",
    async () => {
      const bytes = toXlsx("List", ["ID", "Name <&>", "Midterm (30)"], [[7, "ნინო", 12.5], [
        8,
        "=1+1",
        null,
      ]]);
      assertEquals(await readFirstSheet(bytes), [
        ["ID", "Name <&>", "Midterm (30)"],
        [7, "ნინო", 12.5],
        [8, "=1+1"],
      ]);
    },
  );

  await t.step("refuses what is not a spreadsheet, or a damaged one", async () => {
    await assertRejects(() => readFirstSheet(new TextEncoder().encode("id,name\n1,a")), XlsxReadError);
    const bytes = toXlsx("List", ["ID"], [[1]]);
    await assertRejects(() => readFirstSheet(bytes.subarray(0, bytes.length - 30)), XlsxReadError);
  });
});

import * as XLSX from "@e965/xlsx";
import { assertEquals } from "../../tests/assert.ts";
import { toXlsx, xlsxDisposition } from "./xlsx_export.ts";

// Reading the file back is for the test only: the application never parses spreadsheets.
function reread(bytes: Uint8Array) {
  const book = XLSX.read(bytes, { type: "array", cellFormula: true, cellNF: true });
  return { name: book.SheetNames[0], sheet: book.Sheets[book.SheetNames[0]] };
}

Deno.test("xlsx export", async (t) => {
  await t.step("headers and rows come back as written, numbers as numbers", () => {
    const bytes = toXlsx("Students", ["ID", "სახელი", "GPA"], [[2, "ანა", 3.45], [1, "Giorgi", null]]);
    const { name, sheet } = reread(bytes);
    assertEquals(name, "Students");
    assertEquals(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null }), [
      ["ID", "სახელი", "GPA"],
      [2, "ანა", 3.45],
      [1, "Giorgi", null],
    ]);
    assertEquals(sheet["A2"].t, "n");
  });

  await t.step("cells that look like formulas are text, unchanged, and never formulas", () => {
    const risky = ["=1+2", "+995555", "-3", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")'];
    const { sheet } = reread(toXlsx("S", ["value"], risky.map((v) => [v])));
    risky.forEach((value, i) => {
      const cell = sheet[`A${i + 2}`];
      assertEquals(cell.t, "s", value);
      assertEquals(cell.v, value);
      assertEquals(cell.f, undefined, `${value} became a formula`);
      assertEquals(cell.z, "@", `${value} is not formatted as text`);
    });
  });

  await t.step("a bad sheet name is made acceptable; the download is named by date", () => {
    assertEquals(reread(toXlsx("a/b:c*[d]?e-long-name-over-31-characters", [], [])).name.length <= 31, true);
    assertEquals(
      xlsxDisposition("students", new Date("2026-03-04T23:00:00Z")),
      'attachment; filename="students-2026-03-04.xlsx"',
    );
  });
});

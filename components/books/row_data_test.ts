import { assertEquals } from "../../tests/assert.ts";
import { packBook, unpackBook } from "./row_data.ts";

Deno.test("a course packed into its row comes back whole, quotes and Georgian included", () => {
  const book = {
    id: 63,
    name: 'ესპანური ენა "A1"',
    nameEng: "Spanish A1",
    code: "LNG-105",
    credit: 7.5,
    conditionStatus: 1 as const,
    componentCount: 4,
    versionstamp: "00000000000000cf0000",
  };
  assertEquals(unpackBook(packBook(book)), book);
});

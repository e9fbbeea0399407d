import { assertEquals } from "../../tests/assert.ts";
import { toXlsx } from "./xlsx_export.ts";
import { toXlsxOffThread } from "./xlsx_off_thread.ts";

Deno.test("spreadsheets built off the event loop", async (t) => {
  const rows = Array.from({ length: 3000 }, (_, i) => [i, `ნინო ${i}`, i % 7 === 0 ? "=1+1" : null]);

  await t.step("the worker makes the same file as building it here", async () => {
    const built = await toXlsxOffThread("Students", ["ID", "სახელი", "x"], rows, (row) => row);
    assertEquals(built, toXlsx("Students", ["ID", "სახელი", "x"], rows));
  });

  await t.step("other work is answered while a large export is being built", async () => {
    const big = Array.from({ length: 20_000 }, (_, i) => [i, `row ${i}`, "some text", 3.5, "more text"]);
    const events: string[] = [];
    const exporting = toXlsxOffThread("Big", ["a", "b", "c", "d", "e"], big, (row) => row).then(() =>
      events.push("export")
    );
    // A request arriving meanwhile: turns of the event loop that must not wait for the export.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 1));
    events.push("other request");
    await exporting;
    assertEquals(events, ["other request", "export"]);
  });
});

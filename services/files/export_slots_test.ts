import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import { EXPORT_LIMITS, withExportSlot } from "./export_slots.ts";

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

Deno.test("export slots", async (t) => {
  await t.step(
    "a person's second export while the first runs is refused with 429 and when to retry",
    async () => {
      const first = gate();
      const running = withExportSlot(1, () => first.opened);
      const refused = await assertRejects(
        () => withExportSlot(1, () => Promise.resolve()),
        AppError,
      ) as AppError;
      assertEquals([refused.status, refused.code], [429, "export_in_progress"]);
      assertEquals((refused.options.retryAfter ?? 0) > 0, true);
      first.open();
      await running;
      assertEquals(await withExportSlot(1, () => Promise.resolve("again")), "again");
    },
  );

  await t.step(
    "beyond the running and waiting exports the server is busy (503), others wait their turn",
    async () => {
      const hold = gate();
      const order: number[] = [];
      const people = Array.from({ length: EXPORT_LIMITS.running + EXPORT_LIMITS.waiting }, (_, i) => 100 + i);
      const accepted = people.map((id) =>
        withExportSlot(id, async () => {
          order.push(id);
          await hold.opened;
        })
      );
      const busy = await assertRejects(
        () => withExportSlot(999, () => Promise.resolve()),
        AppError,
      ) as AppError;
      assertEquals([busy.status, busy.code], [503, "exports_busy"]);
      assertEquals((busy.options.retryAfter ?? 0) > 0, true);
      assertEquals(order.length, EXPORT_LIMITS.running);
      hold.open();
      await Promise.all(accepted);
      assertEquals(order, people, "every waiting export ran, in the order asked");
    },
  );

  await t.step("a failed export gives its slot back", async () => {
    await assertRejects(() => withExportSlot(5, () => Promise.reject(new Error("boom"))));
    assertEquals(await withExportSlot(5, () => Promise.resolve(1)), 1);
  });
});

/**
 * The form kit (components/ui/form_kit.tsx) as a person meets it, on the educational units' edit form: the
 * server's 422 field errors next to their fields, the prompt when someone else saved the record meanwhile
 * (reload and save my changes again), and the focus back on the button that opened the dialog; and on the
 * course form, every rule of the API's schema (utils/book_schema.ts) that fails named at its field.
 */
import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 10_000;

/** What the person sees as the focused control: its id or its accessible label. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute("aria-label") || "");

Deno.test({
  name: "form kit: field errors, the conflict prompt and focus return",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));

      try {
        await signIn(page, base, DEMO.staff);
        await page.goto(`${base}/structure/schools`);
        await settled(page);
        const code = (await page.locator("tbody tr td").first().textContent())!.trim();
        const edit = page.getByRole("button", { name: `Edit: ${code}`, exact: true });
        const form = page.locator("dialog#school-form");

        await t.step(
          "a refused field shows the server's message next to it and takes the focus",
          async () => {
            await edit.click();
            await form.waitFor({ state: "visible" });
            await page.fill("#school-nameEn", "");
            await form.getByRole("button", { name: "Save" }).click();
            const error = page.locator("#school-nameEn-error");
            await error.waitFor();
            assertMatch((await error.textContent())!, /\S/);
            assertEquals(await page.locator("#school-nameEn").getAttribute("aria-invalid"), "true");
            await page.waitForFunction(() => document.activeElement?.id === "school-nameEn");
            // A field error is the form's own: no error dialog on top of it.
            assert(!(await page.locator("dialog#school-form-error").isVisible()));
          },
        );

        await t.step("closing the dialog gives the focus back to the button that opened it", async () => {
          await form.getByRole("button", { name: "Cancel" }).click();
          await form.waitFor({ state: "hidden" });
          await page.waitForFunction(
            (label) => document.activeElement?.getAttribute("aria-label") === label,
            `Edit: ${code}`,
          );
          assertEquals(await focused(page), `Edit: ${code}`);
        });

        await t.step("a save that meets someone else's edit asks, reloads and saves my changes", async () => {
          await edit.click();
          await form.waitFor({ state: "visible" });
          await page.fill("#school-nameEn", "Changed in the form");
          // Meanwhile someone else saves the same school (the same API, another tab).
          const status = await page.evaluate(async (code) => {
            const list = await (await fetch(`/api/schools?text=${code}&limit=1000`)).json();
            const school = list.data.find((s: { code: string }) => s.code === code);
            const response = await fetch(`/api/schools/${school.id}`, {
              method: "PUT",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                nameKa: school.nameKa,
                nameEn: "Changed in another tab",
                code: school.code,
                deanHrId: school.deanHrId,
                versionstamp: school.versionstamp,
              }),
            });
            return response.status;
          }, code);
          assertEquals(status, 200);

          await form.getByRole("button", { name: "Save" }).click();
          const prompt = page.locator("dialog#school-form-conflict");
          await prompt.waitFor({ state: "visible" });
          assertMatch((await prompt.textContent())!, /changed this record/);
          await prompt.getByRole("button", { name: "Reload and save my changes" }).click();
          await page.getByRole("cell", { name: "Changed in the form" }).waitFor();
          await settled(page);
          assert(!(await form.isVisible()), "the form closed after the save");
          assertEquals(await page.getByRole("cell", { name: "Changed in another tab" }).count(), 0);
        });

        await t.step("the course form's rules, the API's schema, name each failing field", async () => {
          await page.goto(`${base}/books`);
          await settled(page);
          await page.getByRole("button", { name: "Add a course" }).click();
          const courseForm = page.locator("dialog#book-form");
          await courseForm.waitFor({ state: "visible" });
          await page.fill("#book-form-name", "E2E kit course");
          await page.fill("#book-form-credit", "2.3");
          await page.selectOption("#book-form-type", "2");
          await courseForm.getByRole("button", { name: "Save" }).click();
          // Credit in halves and a language for type 2: both refused in the one answer, each at its field.
          await page.locator("#book-form-lang-error").waitFor();
          assertEquals(
            (await page.locator("#book-form-credit-error").textContent())?.trim(),
            "Use whole or half credits",
          );
          assertEquals(
            (await page.locator("#book-form-lang-error").textContent())?.trim(),
            "This field is required",
          );
          await courseForm.getByRole("button", { name: "Cancel" }).click();
          await courseForm.waitFor({ state: "hidden" });
        });

        assertEquals(errors, []);
      } finally {
        await context.close();
      }
    }),
});

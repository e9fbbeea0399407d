/**
 * The course catalogue in a real browser, as the registrar: filter and page (both in the URL), the name
 * language picker, add a course (type 2 makes the language required), edit it, link it to a category, export
 * the filtered list, remove it after a confirmation (and see a used course's removal refused), and the
 * sub-books tab.
 */
import type { Page } from "playwright-core";
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const total = async (page: Page) =>
  Number((await page.getByTestId("books-total").textContent())?.match(/\d+/)?.[0]);

Deno.test({
  name: "courses catalogue in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        acceptDownloads: true,
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      const rows = page.locator("[data-page-region] table tbody tr");
      const row = (text: string) => page.locator("[data-page-region] tbody tr", { hasText: text });

      await signIn(page, base, DEMO.staff);

      await t.step("the list opens with 15 courses a page, newest first", async () => {
        await page.goto(`${base}/books`);
        await settled(page);
        assertEquals(await rows.count(), 15);
        const ids = (await page.locator("tbody tr td:first-child").allTextContents()).map((s) => parseInt(s));
        assertEquals(ids, [...ids].sort((a, b) => b - a));
      });

      await t.step("a filter reloads the list and lives in the URL; so does the page", async () => {
        const all = await total(page);
        await page.selectOption("#books-filter-type", "2");
        await page.waitForURL((url) => url.searchParams.get("type") === "2");
        await settled(page);
        const languageCourses = await total(page);
        assert(languageCourses > 0 && languageCourses < all, `${languageCourses} of ${all}`);
        await page.locator("#books-filter-text").pressSequentially("English", { delay: 30 });
        await page.waitForURL((url) => url.searchParams.get("text") === "English");
        await settled(page);
        assertEquals(await row("English").count(), await rows.count());
        await page.goto(`${base}/books`);
        await settled(page);
        await page.getByRole("link", { name: "Next page" }).click();
        await page.waitForURL((url) => url.searchParams.get("page") === "2");
        await settled(page);
        assertEquals(await rows.count(), 15);
      });

      await t.step(
        "ticking languages from the keyboard: the list follows, the picker stays open",
        async () => {
          await page.goto(`${base}/books`);
          await settled(page);
          await page.locator("#books-filter-lang").focus();
          await page.keyboard.press("Enter");
          await page.locator("#books-filter-lang-en").focus();
          await page.keyboard.press("Space");
          await page.waitForURL((url) => url.searchParams.getAll("lang").join() === "en");
          await settled(page);
          // The new page's picker is open with the box still focused, so the next box is one key away.
          assert(
            await page.locator("#books-filter-lang").evaluate((s) =>
              (s.parentElement as HTMLDetailsElement).open
            ),
          );
          assertEquals(await page.evaluate(() => document.activeElement?.id), "books-filter-lang-en");
          await page.keyboard.press("Tab");
          await page.keyboard.press("Space");
          await page.waitForURL((url) => url.searchParams.getAll("lang").join() === "en,fr");
          await settled(page);
          assertEquals(await page.evaluate(() => document.activeElement?.id), "books-filter-lang-fr");
        },
      );

      await t.step("the language picker switches the name column", async () => {
        await page.goto(`${base}/books?type=2`);
        await page.getByTestId("books-names-ka").click();
        await page.waitForURL((url) => url.searchParams.get("names") === "ka");
        await settled(page);
        await row("ინგლისური ენა").first().waitFor();
        assertEquals(query(page), { type: "2", names: "ka" });
        await page.getByTestId("books-names-en").click();
        await page.waitForURL((url) => !url.searchParams.has("names"));
        await settled(page);
        await row("English").first().waitFor();
      });

      await t.step("adding a course: required fields marked, type 2 asks for the language", async () => {
        await page.goto(`${base}/books`);
        await settled(page);
        // By keyboard: the chat launcher sits over the floating add button's corner.
        await page.getByRole("button", { name: "Add a course" }).click();
        const form = page.locator("#book-form");
        await form.waitFor({ state: "visible" });
        await form.getByRole("button", { name: "Save" }).click();
        await page.locator("#book-form-name-error").waitFor();
        await page.locator("#book-form-credit-error").waitFor();
        await page.fill("#book-form-name", "ტესტური კურსი");
        await page.fill("#book-form-nameEng", "E2E course");
        await page.fill("#book-form-code", "E2E-101");
        await page.fill("#book-form-credit", "5");
        await page.selectOption("#book-form-type", "2");
        await form.getByRole("button", { name: "Save" }).click();
        await page.locator("#book-form-lang-error").waitFor();
        await page.selectOption("#book-form-lang", "fr");
        await form.getByRole("button", { name: "Save" }).click();
        await form.waitFor({ state: "hidden" });
        await settled(page);
        await row("E2E-101").waitFor();
      });

      await t.step("editing it in the same form", async () => {
        const edit = row("E2E-101").getByRole("button", { name: "Edit E2E-101", exact: true });
        // The name is on the page once; pointing at a button shows it as the tooltip.
        await edit.hover();
        assertEquals(await edit.getAttribute("title"), "Edit");
        await edit.click();
        const form = page.locator("#book-form");
        await page.locator("#book-form-name").waitFor();
        assertEquals(await page.inputValue("#book-form-nameEng"), "E2E course");
        assertEquals(await page.inputValue("#book-form-lang"), "fr");
        await page.fill("#book-form-credit", "7.5");
        await form.getByRole("button", { name: "Save" }).click();
        await form.waitFor({ state: "hidden" });
        await settled(page);
        await page.waitForFunction(() =>
          [...document.querySelectorAll("[data-page-region] tbody tr")].some((r) =>
            r.textContent?.includes("E2E-101") && r.textContent.includes("7.5")
          )
        );
      });

      await t.step("linking it to a category: add is disabled until one is chosen", async () => {
        await row("E2E-101").getByRole("button", { name: "Categories E2E-101" }).click();
        const dialog = page.locator("#book-categories");
        await dialog.waitFor({ state: "visible" });
        const add = page.getByTestId("book-categories-add");
        assert(await add.isDisabled());
        await page.locator("#book-categories-choice option:not([value=''])").first().waitFor({
          state: "attached",
        });
        await page.selectOption("#book-categories-choice", { index: 1 });
        await add.click();
        await dialog.locator("tbody tr").first().waitFor();
        assertEquals(await dialog.locator("tbody tr").count(), 1);
        await dialog.getByRole("button", { name: "Close" }).first().click();
        await dialog.waitFor({ state: "hidden" });
      });

      await t.step("export downloads exactly what the filter shows", async () => {
        await page.goto(`${base}/books?type=2`);
        await settled(page);
        const shown = await total(page);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("books-export").click(),
        ]);
        assert(download.suggestedFilename().endsWith(".xlsx"));
        const bytes = await Deno.readFile((await download.path())!);
        const book = XLSX.read(bytes);
        const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
        assertEquals(sheet.length - 1, shown);
        assertEquals(sheet[0], ["ID", "Language code", "Name", "Code", "Credit"]);
      });

      await t.step("removal asks first; a course in transcripts is refused with the reason", async () => {
        await page.goto(`${base}/books?text=E2E-101`);
        await settled(page);
        await row("E2E-101").getByRole("button", { name: "Remove E2E-101" }).click();
        const confirm = page.locator("#book-remove");
        await confirm.waitFor({ state: "visible" });
        await confirm.getByRole("button", { name: "No" }).click();
        await confirm.waitFor({ state: "hidden" });
        assertEquals(await row("E2E-101").count(), 1);
        await row("E2E-101").getByRole("button", { name: "Remove E2E-101" }).click();
        await confirm.getByRole("button", { name: "Yes" }).click();
        await page.waitForFunction(() =>
          document.querySelector("[data-page-region] tbody")?.textContent?.includes("E2E-101") === false
        );

        // The demo's language courses are in students' transcripts.
        await page.goto(`${base}/books?text=LNG-101`);
        await settled(page);
        await row("LNG-101").getByRole("button", { name: "Remove LNG-101" }).click();
        await confirm.getByRole("button", { name: "Yes" }).click();
        const error = page.locator("#books-error");
        await error.waitFor({ state: "visible" });
        assert((await error.textContent())?.includes("cannot be removed"));
        await error.getByRole("button", { name: "OK" }).click();
        assertEquals(await row("LNG-101").count(), 1);
      });

      await t.step("the sub-books tab lists the categories and adds one", async () => {
        await page.getByRole("tab", { name: "Sub-books" }).click();
        await page.waitForURL((url) => url.searchParams.get("tab") === "sub");
        await settled(page);
        await rows.first().waitFor();
        await page.getByRole("button", { name: "Add a sub-book" }).click();
        const form = page.locator("#sub-book-form");
        await form.waitFor({ state: "visible" });
        await page.fill("#sub-book-name", "ტესტური კატეგორია");
        await page.fill("#sub-book-credit", "12");
        await page.fill("#sub-book-code", "E2E-CAT");
        await form.getByRole("button", { name: "Save" }).click();
        await form.waitFor({ state: "hidden" });
        await settled(page);
        await page.goto(`${base}/books?tab=sub&text=E2E-CAT`);
        await row("E2E-CAT").waitFor();
      });

      assertEquals(errors, []);
    }),
});

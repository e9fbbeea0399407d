/**
 * Structure in a real browser, as the registrar: add a school and a program in it, see the school's removal
 * refused while the program exists, remove both; and the list's search living in the URL (bookmarkable, the
 * back button returns to the previous filter).
 */
import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 10_000;

/** The table row whose first cell is exactly `code`. */
function rowOf(page: Page, code: string) {
  return page.locator("tbody tr", { has: page.locator("td", { hasText: new RegExp(`^${code}$`) }) });
}

Deno.test({
  name: "structure: schools and programs in a real browser",
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

        await t.step("/structure opens the educational units tab", async () => {
          await page.goto(`${base}/structure`);
          await settled(page);
          assertEquals(new URL(page.url()).pathname, "/structure/schools");
          const selected = page.locator("#structure-tab-schools");
          assertEquals(await selected.getAttribute("aria-selected"), "true");
        });

        await t.step("adding a school: a missing code is marked, then the school is saved", async () => {
          await page.getByTestId("school-add").click();
          const form = page.locator("#school-form");
          await form.waitFor({ state: "visible" });
          await page.fill("#school-nameKa", "ტესტის სკოლა");
          await page.fill("#school-nameEn", "E2E School");
          await form.getByRole("button", { name: "Save" }).click();
          await page.locator("#school-code-error").waitFor();
          assertEquals(await page.locator("#school-code").getAttribute("aria-invalid"), "true");
          await page.fill("#school-code", "E2E");
          await form.getByRole("button", { name: "Save" }).click();
          await rowOf(page, "E2E").waitFor();
          await settled(page);
          assert(!(await page.locator("#school-form").isVisible()));
        });

        await t.step("adding a program to that school on the programs tab", async () => {
          await page.click("#structure-tab-specials");
          await page.waitForURL((url) => url.pathname === "/structure/specials");
          await settled(page);
          await page.getByTestId("program-add").click();
          await page.locator("#program-form").waitFor({ state: "visible" });
          await page.fill("#program-code", "E2E-P");
          await page.fill("#program-nameKa", "ტესტის პროგრამა");
          await page.fill("#program-nameEn", "E2E Program");
          await page.selectOption("#program-schoolId", { label: "E2E — E2E School" });
          await page.selectOption("#program-level", "2");
          await page.fill("#program-credits", "120");
          await page.locator("#program-form").getByRole("button", { name: "Save" }).click();
          const row = rowOf(page, "E2E-P");
          await row.waitFor();
          await settled(page);
          assertMatch(await row.innerText(), /E2E School\s+Master\s+120/);
        });

        await t.step("the search lives in the URL, and back returns to the previous list", async () => {
          await page.click("#structure-tab-schools");
          await page.waitForURL((url) => url.pathname === "/structure/schools");
          await settled(page);
          await page.fill("#schools-search-text", "e2e school");
          await page.press("#schools-search-text", "Enter");
          await page.waitForURL((url) => url.searchParams.get("text") === "e2e school");
          await settled(page);
          assertEquals(await page.locator("tbody tr").count(), 1);
          await rowOf(page, "E2E").waitFor();
          await page.goto(`${base}/structure/schools?text=no-such-unit`);
          await page.getByText("No educational units found").waitFor();
          await page.goBack();
          await page.waitForURL((url) => url.searchParams.get("text") === "e2e school");
          await rowOf(page, "E2E").waitFor();
          await settled(page);
        });

        await t.step("removing the school while it has a program is refused with the reason", async () => {
          await rowOf(page, "E2E").getByRole("button", { name: "Remove: E2E" }).click();
          const confirm = page.locator("#school-remove");
          await confirm.waitFor({ state: "visible" });
          await confirm.locator("footer").getByRole("button", { name: "Remove" }).click();
          const error = page.locator("#school-error");
          await error.waitFor({ state: "visible" });
          assertMatch(await error.innerText(), /still has programs \(1\)/);
          await error.getByRole("button", { name: "OK" }).click();
          await rowOf(page, "E2E").waitFor();
        });

        await t.step("the history shows who created the school", async () => {
          await rowOf(page, "E2E").getByRole("button", { name: "History: E2E" }).click();
          const history = page.locator("#school-history");
          await history.getByTestId("history-table").waitFor();
          assertMatch(await history.innerText(), /Mariam Kapanadze\s+Created/);
          await history.getByRole("button", { name: "Close" }).click();
        });

        await t.step("removing the program, then the school", async () => {
          await page.click("#structure-tab-specials");
          await page.waitForURL((url) => url.pathname === "/structure/specials");
          await settled(page);
          await rowOf(page, "E2E-P").getByRole("button", { name: "Remove: E2E-P" }).click();
          await page.locator("#program-remove footer").getByRole("button", { name: "Remove" }).click();
          await rowOf(page, "E2E-P").waitFor({ state: "detached" });
          await settled(page);
          await page.click("#structure-tab-schools");
          await page.waitForURL((url) => url.pathname === "/structure/schools");
          await settled(page);
          await rowOf(page, "E2E").getByRole("button", { name: "Remove: E2E" }).click();
          await page.locator("#school-remove footer").getByRole("button", { name: "Remove" }).click();
          await rowOf(page, "E2E").waitFor({ state: "detached" });
        });

        assertEquals(errors, []);
      } finally {
        await context.close();
      }
    }),
});

/**
 * Phones (issue 31 point 6): under 768 px a list page starts with its filter panel closed and shows each row
 * as a stacked card, nothing to the right of the screen, every row action within reach; on a desktop the
 * filters are open and the list is a table.
 */
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

const LISTS = ["/books", "/students", "/hr", "/permissions/users"];

/** What a person sees of the list: the filter toggle's state, the page's width, rows and their actions. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const toggle = document.querySelector("#main [aria-controls$='-body'][aria-expanded]");
    const rows = [...document.querySelectorAll<HTMLElement>("#main tbody tr")];
    const offScreen = [...document.querySelectorAll<HTMLElement>("#main tbody button, #main tbody a")]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > innerWidth || r.left < 0;
      }).length;
    const header = document.querySelector<HTMLElement>("#main thead");
    return {
      filtersOpen: toggle?.getAttribute("aria-expanded") ?? null,
      pageScrollsSideways: document.documentElement.scrollWidth > innerWidth,
      rows: rows.length,
      offScreen,
      headerShown: header ? header.getBoundingClientRect().height > 2 : null,
    };
  });
}

Deno.test({
  name: "list pages on a phone and on a desktop",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      for (const [width, phone] of [[390, true], [1366, false]] as const) {
        const context = await browser.newContext({ viewport: { width, height: 844 } });
        context.setDefaultTimeout(15_000);
        const page = await context.newPage();
        await signIn(page, base, DEMO.admin);
        try {
          for (const path of LISTS) {
            await t.step(`${path} at ${width} px`, async () => {
              await page.goto(`${base}${path}`);
              await page.waitForSelector("html[data-hydrated=true]");
              const seen = await layoutOf(page);
              assert(seen.rows > 0, `${path} lists rows`);
              if (seen.filtersOpen !== null) assertEquals(seen.filtersOpen, phone ? "false" : "true");
              assertEquals(seen.offScreen, 0, "every row action is on screen");
              assertEquals(seen.pageScrollsSideways, false);
              assertEquals(seen.headerShown, !phone, phone ? "cards, not a table" : "a table");
            });
          }
        } finally {
          await context.close();
        }
      }
    }),
});

/**
 * Analytics in a real browser (issue 22), in both languages: the administrator opens the dashboard, sees its
 * charts drawn and each chart's numbers in a table, switches to the foreign students and opens the students
 * behind a count; no WCAG 2.1 A/AA violation on either tab.
 */
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { axeViolations } from "./axe.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const TEXT = {
  en: {
    dashboard: "Dashboard",
    foreign: "Foreign students",
    table: "Show the numbers as a table",
    from: "Students from",
  },
  ka: {
    dashboard: "დაფა",
    foreign: "უცხოელი სტუდენტები",
    table: "რიცხვების ცხრილად ჩვენება",
    from: "სტუდენტები ქვეყნიდან",
  },
} as const;

async function noViolations(page: Page, where: string) {
  const found = (await axeViolations(page)).map((v) =>
    `${where}: ${v.id} (${v.help}): ${v.nodes.slice(0, 3).join(", ")}`
  );
  assertEquals(found, []);
}

Deno.test({
  name: "analytics: the administrator's dashboard and foreign students, in both languages",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      for (const lang of ["ka", "en"] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(15_000);
        await context.addCookies([{ name: "lang", value: lang, url: base }]);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await signIn(page, base, DEMO.admin);
        const text = TEXT[lang];

        await t.step(`${lang}: /analytics opens the dashboard with its charts drawn`, async () => {
          await page.goto(`${base}/analytics`);
          await settled(page);
          assertEquals(new URL(page.url()).pathname, "/analytics/dashboard");
          const tab = page.getByRole("tab", { name: text.dashboard });
          assertEquals(await tab.getAttribute("aria-selected"), "true");
          await page.waitForSelector("[data-chart-card=by-status] [data-chart][data-drawn=true] canvas");
          const total = Number(
            await page.locator("[data-total-students]").getAttribute("data-total-students"),
          );
          const registry = await page.evaluate(async () =>
            (await (await fetch("/api/students?limit=1")).json()).total
          );
          assertEquals(total, registry, "the dashboard counts the registry's students");
        });

        await t.step(`${lang}: a chart's numbers open as a table`, async () => {
          const card = page.locator("[data-chart-card=by-status]");
          await card.getByText(text.table).click();
          const cells = await card.locator("table tbody tr td:nth-child(2)").allInnerTexts();
          assertEquals(cells.length, 4, "one row per status");
          await noViolations(page, `${lang} dashboard`);
        });

        await t.step(`${lang}: the foreign students tab lists the students behind a count`, async () => {
          await page.getByRole("tab", { name: text.foreign }).click();
          await page.waitForURL((url) => url.pathname === "/analytics/foreign-students");
          await settled(page);
          const link = page.locator("[data-citizenship-count]:not([data-citizenship-count=GE])").first();
          const code = await link.getAttribute("data-citizenship-count");
          const count = Number((await link.innerText()).replace(/\D/g, ""));
          await link.click();
          await page.waitForURL((url) => url.searchParams.get("citizenship") === code);
          await settled(page);
          const heading = await page.locator("#citizenship-students-title").innerText();
          assert(heading.startsWith(text.from), heading);
          const rows = page.locator("#students table tbody tr");
          assertEquals(await rows.count(), Math.min(count, 20), "the page holds the count's students");
          await noViolations(page, `${lang} foreign students`);
        });
        assertEquals(errors, []);
        await context.close();
      }
    }),
});

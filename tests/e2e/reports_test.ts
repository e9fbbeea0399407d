/**
 * Reports in a real browser (issue 22), in Georgian and in English: the administrator opens the catalogue,
 * opens "graduates and withdrawals", filters it to withdrawals (the address keeps the filter: a reload shows the
 * same report), sees a period that ends before it starts refused beside the field, pages through the preview
 * and exports the filter as .xlsx, which holds exactly the rows the preview counted. axe finds no WCAG 2.1 AA
 * violation on the catalogue or the report.
 */
import * as XLSX from "@e965/xlsx";
import type { BrowserContext, Page } from "playwright-core";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../assert.ts";
import { axeViolations } from "./axe.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;

const TEXT = {
  ka: {
    catalogue: "რეპორტები",
    leavers: "კურსდამთავრებულები და შეწყვეტილები",
    withdrawn: "შეწყვეტილი",
    endBeforeStart: "დასასრული დაწყებამდეა",
    rows: "სტრიქონი",
  },
  en: {
    catalogue: "Reports",
    leavers: "Graduates and withdrawals",
    withdrawn: "Withdrawn",
    endBeforeStart: "The end comes before the start",
    rows: "rows",
  },
} as const;

async function contextFor(
  browser: { newContext: (o: object) => Promise<BrowserContext> },
  base: string,
  lang: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  return context;
}

async function noViolations(page: Page, where: string) {
  const found = (await axeViolations(page)).map((v) =>
    `${where}: ${v.id} (${v.help}) ${v.nodes.slice(0, 3)}`
  );
  assertEquals(found, []);
}

const totalOf = async (page: Page) =>
  Number((await page.getByTestId("report-total").textContent())!.match(/\d+/)![0]);

Deno.test({
  name: "reports: the administrator filters a report and exports it, in both languages",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      for (const lang of ["ka", "en"] as const) {
        const text = TEXT[lang];
        const page = await (await contextFor(browser, base, lang)).newPage();
        page.on("pageerror", (e) => errors.push(e.message));
        await signIn(page, base, DEMO.admin);
        const api = (path: string) =>
          page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<{ total: number }>;

        await t.step(`${lang}: the catalogue lists the reports`, async () => {
          await page.goto(`${base}/reports`);
          await settled(page);
          assertEquals(await page.locator("h1").textContent(), text.catalogue);
          assertEquals(await page.getByTestId("report-catalogue").locator("li").count(), 7);
          await noViolations(page, "/reports");
        });

        await t.step(`${lang}: a report opens with its rows`, async () => {
          await page.getByRole("link", { name: text.leavers }).click();
          await page.waitForURL((url) => url.pathname === "/reports/leavers");
          await settled(page);
          assertEquals(await totalOf(page), (await api("/api/reports/leavers")).total);
          assert(await page.locator("table tbody tr").count() > 1);
          await noViolations(page, "/reports/leavers");
        });

        await t.step(`${lang}: the filter goes into the address and survives a reload`, async () => {
          await page.selectOption("#report-kind", "withdrawn");
          await page.getByRole("button", { name: lang === "ka" ? "ჩვენება" : "Show" }).click();
          await page.waitForURL((url) => url.searchParams.get("kind") === "withdrawn");
          const expected = (await api("/api/reports/leavers?kind=withdrawn")).total;
          await page.waitForFunction(
            (n) => document.querySelector("[data-testid=report-total]")?.textContent?.includes(String(n)),
            expected,
          );
          const kinds = await page.locator("table tbody tr td:nth-child(2)").allTextContents();
          assert(kinds.length > 0 && kinds.every((k) => k === text.withdrawn), kinds.join());
          await page.reload();
          await settled(page);
          assertEquals(await page.locator("#report-kind").inputValue(), "withdrawn");
          assertEquals(await totalOf(page), expected);
          assertStringIncludes(await page.getByTestId("report-total").textContent() ?? "", text.rows);
        });

        await t.step(`${lang}: a period ending before it starts is refused beside the field`, async () => {
          await page.fill("#report-from", "2026-05-01");
          await page.fill("#report-to", "2026-01-01");
          await page.getByRole("button", { name: lang === "ka" ? "ჩვენება" : "Show" }).click();
          await page.getByText(text.endBeforeStart).waitFor();
          assertEquals(await page.locator("#report-to").getAttribute("aria-invalid"), "true");
          // The address still names the last report shown.
          assertEquals(new URL(page.url()).searchParams.get("to"), null);
          await page.fill("#report-from", "");
          await page.fill("#report-to", "");
        });

        await t.step(`${lang}: the export holds exactly the filter's rows`, async () => {
          const expected = await totalOf(page);
          const [download] = await Promise.all([
            page.waitForEvent("download"),
            page.getByTestId("report-export").click(),
          ]);
          assertMatch(download.suggestedFilename(), /^report-leavers-\d{4}-\d{2}-\d{2}\.xlsx$/);
          const bytes = await Deno.readFile((await download.path())!);
          const book = XLSX.read(bytes, { type: "array" });
          const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
          assertEquals(rows.length - 1, expected);
        });
        await page.context().close();
      }
      assertEquals(errors, []);
    }),
});

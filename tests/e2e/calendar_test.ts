/**
 * The calendars in a real browser (issue 26), in both languages: the student's own calendar shows lessons,
 * events and switches to the week and list views; staff add an event on the event calendar, which the month
 * view then shows, and export the month as .ics.
 */
import { assert, assertStringIncludes } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

Deno.test({
  name: "calendars: a student's own calendar and staff adding an event",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      for (const lang of ["ka", "en"] as const) {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 900 },
          acceptDownloads: true,
        });
        context.setDefaultTimeout(15_000);
        await context.addCookies([{ name: "lang", value: lang, url: base }]);
        const errors: string[] = [];

        await t.step(
          `${lang}: the student's calendar shows lessons and events, by month, week and list`,
          async () => {
            const page = await context.newPage();
            page.on("pageerror", (e) => errors.push(e.message));
            await signIn(page, base, DEMO.student);
            // Where account switching lands: the same calendar.
            await page.goto(`${base}/hr/calendar`);
            await page.locator("[data-testid=calendar] [data-kind=event]").first().waitFor();
            assert(await page.locator("[data-testid=calendar] [data-kind=lesson]").count() > 0, "lessons");
            await page.getByRole("tab", { name: lang === "ka" ? "კვირა" : "Week" }).click();
            await page.waitForURL((url) => url.searchParams.get("view") === "week");
            assert(await page.locator("[data-testid=calendar] td[data-date]").count() === 7);
            await page.getByRole("tab", { name: lang === "ka" ? "სია" : "List" }).click();
            await page.waitForURL((url) => url.searchParams.get("view") === "list");
            await page.locator("[data-testid=calendar] ol li").first().waitFor();
            await page.close();
          },
        );

        await t.step(`${lang}: staff add an event, see it in the calendar and export the month`, async () => {
          const page = await context.newPage();
          page.on("pageerror", (e) => errors.push(e.message));
          await context.clearCookies();
          await context.addCookies([{ name: "lang", value: lang, url: base }]);
          await signIn(page, base, DEMO.staff);
          await page.goto(`${base}/event-calendar?new=1`);
          await settled(page);
          const title = lang === "ka" ? "ღია ლექცია" : "Open lecture";
          await page.fill("#event-title", title);
          await page.fill("#event-title-en", "Open lecture");
          await page.fill("#event-place", "101");
          await Promise.all([
            page.waitForURL((url) => url.searchParams.get("view") === "list" && !url.searchParams.has("new")),
            page.getByTestId("event-save").click(),
          ]);
          assertStringIncludes(await page.getByTestId("calendar").innerText(), title);
          const [download] = await Promise.all([
            page.waitForEvent("download"),
            page.getByTestId("events-ics").click(),
          ]);
          assert(download.suggestedFilename().endsWith(".ics"), download.suggestedFilename());
          await page.close();
        });
        assert(errors.length === 0, errors.join("\n"));
        await context.close();
      }
    }),
});

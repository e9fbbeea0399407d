import { assert, assertEquals } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

const weekOf = (url: string) => new URL(url).searchParams.get("week");

Deno.test({
  name: "timetable and vote form in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));

      await t.step("staff opens a professor's timetable through the search", async () => {
        await signIn(page, base, DEMO.staff);
        await page.goto(`${base}/tables`);
        await page.waitForSelector('[data-testid="tables-empty"]');
        await page.fill("#tables-professor-search", "ბერიძე");
        await Promise.all([
          page.waitForURL((u) => u.searchParams.has("q")),
          page.press("#tables-professor-search", "Enter"),
        ]);
        await page.locator('[data-testid="professor-matches"] a').first().click();
        await page.waitForURL((u) => u.searchParams.get("professor") !== null);
        await page.waitForSelector("[data-lesson]");
        assertEquals(weekOf(page.url()), "2026-11-16");
      });

      await t.step(
        "the arrows move by a week with JavaScript, the current-week button comes back",
        async () => {
          await page.click('[data-testid="tables-next"]');
          await page.waitForURL((u) => u.searchParams.get("week") === "2026-11-23");
          await page.waitForSelector('[data-date="2026-11-28"]');
          await page.click('[data-testid="tables-previous"]');
          await page.waitForURL((u) => u.searchParams.get("week") === "2026-11-16");
          await page.click('[data-testid="tables-previous"]');
          await page.waitForURL((u) => u.searchParams.get("week") === "2026-11-09");
          await page.click('[data-testid="tables-current"]');
          await page.waitForURL((u) => u.searchParams.get("week") === "2026-11-16");
          assert(new URL(page.url()).searchParams.get("professor"), "whose timetable is kept");
        },
      );

      await t.step("the month label opens the date picker; a date shows its week", async () => {
        await page.waitForSelector("html[data-hydrated=true]");
        await page.click('[data-testid="tables-month"]');
        await page.fill('[data-testid="tables-date-input"]', "2026-12-31");
        // The chosen date goes to the server as it is; the page shows the week holding it.
        await page.waitForURL((u) => u.searchParams.get("week") === "2026-12-31");
        await page.waitForSelector('[data-date="2027-01-02"]');
        assert((await page.textContent('[data-testid="tables-month"]'))?.includes("2027"));
      });

      await t.step("staff exports the group's timetable with a progress bar while it is made", async () => {
        // The export reaches the page only once the progress bar shows, so the bar is seen while it is made.
        const progressShown = page.waitForSelector('[role="progressbar"]');
        await page.route("**/api/timetable/*/export", async (route) => {
          const response = await route.fetch();
          await progressShown;
          await route.fulfill({ response });
        });
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.click('[data-testid="tables-export"]'),
          progressShown,
        ]);
        assert(download.suggestedFilename().endsWith(".xlsx"), download.suggestedFilename());
        const bytes = await Deno.readFile((await download.path())!);
        assertEquals([bytes[0], bytes[1]], [0x50, 0x4b]); // a zip: .xlsx
        await page.waitForSelector('[role="progressbar"]', { state: "detached" });
        await page.unroute("**/api/timetable/*/export");
      });

      await t.step("without JavaScript the arrows are plain links", async () => {
        const plain = await browser.newContext({ javaScriptEnabled: false });
        await plain.addCookies(await context.cookies());
        const nojs = await plain.newPage();
        await nojs.goto(`${base}/tables?group=11&professor=4&week=2026-11-16`);
        await nojs.click('[data-testid="tables-next"]');
        await nojs.waitForURL((u) => u.searchParams.get("week") === "2026-11-23");
        await nojs.click('[data-testid="tables-previous"]');
        await nojs.waitForURL((u) => u.searchParams.get("week") === "2026-11-16");
        assert(await nojs.locator("[data-lesson]").count() > 0);
        await plain.close();
      });

      await t.step("a student submits an evaluation; a second one for the course is refused", async () => {
        const student = await browser.newContext();
        const sp = await student.newPage();
        await signIn(sp, base, DEMO.student);
        await sp.goto(`${base}/vote-form`);
        await sp.waitForSelector("html[data-hydrated=true]");
        const course = await sp.locator("#vote-book option:not([value=''])").first().getAttribute("value");
        assert(course);
        await sp.selectOption("#vote-book", course);
        // Submitting with nothing answered shows the errors.
        await sp.click('[data-testid="vote-form"] button[type=submit]');
        await sp.waitForSelector('[data-testid="vote-error"]');
        const names = await sp.locator("fieldset input[type=radio][value='3']").evaluateAll((inputs) =>
          inputs.map((i) => (i as HTMLInputElement).id)
        );
        for (const id of names) await sp.check(`#${id.replaceAll(".", "\\.")}`);
        await sp.selectOption("#vote-book", course);
        await sp.click('[data-testid="vote-form"] button[type=submit]');
        await sp.waitForSelector('[data-testid="vote-done"]');
        assertEquals(await sp.locator(`#vote-book option[value='${course}']`).count(), 0);
        // The same course posted again (e.g. a second tab) is refused.
        const status = await sp.evaluate(async (bookId) => {
          const body = new URLSearchParams({ bookId });
          return (await fetch("/vote-form", { method: "POST", body })).status;
        }, course);
        assertEquals(status, 409);
        await student.close();
      });
      assertEquals(errors, []);
    }),
});

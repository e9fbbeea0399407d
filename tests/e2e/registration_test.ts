/**
 * Academic registration in a real browser (issue 19), in both languages: the demo student registers, is refused
 * with every reason (a clash, a prerequisite), joins the waitlist of a full section and gets the seat when the
 * registrar drops the students ahead; the registrar sees the roster and waitlist and exports the roster.
 */
import type { BrowserContext, Page } from "playwright-core";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;

interface Offer {
  id: string;
  course: { name: string; code: string };
  seatsLeft: number;
  waitlisted: number;
  clash: string[];
  refusals: { check: string; message: string }[];
  mine: { status: string } | null;
}

const offers = (page: Page) =>
  page.evaluate(async () =>
    (await (await fetch("/api/registration_offerings?limit=200")).json()).data
  ) as Promise<Offer[]>;

/** Answers the drop confirmation (the registrar's pages are in Georgian), with a reason when one is asked. */
async function confirmDrop(page: Page, reason?: string) {
  const dialog = page.locator("#registration-drop");
  await dialog.waitFor({ state: "visible" });
  if (reason !== undefined) await dialog.locator("textarea").fill(reason);
  await dialog.getByRole("button", { name: "რეგისტრაციის გაუქმება" }).click();
}

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

/** The section's row on the student's page, found by its course code. */
async function openRow(page: Page, base: string, offer: Offer) {
  await page.goto(`${base}/registration?q=${encodeURIComponent(offer.course.code)}`);
  await settled(page);
  return page.locator(`[data-section-row="${offer.id}"]`);
}

Deno.test({
  name: "registration: a student and the registrar in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const studentContext = await contextFor(browser, base, "en");
      const student = await studentContext.newPage();
      const errors: string[] = [];
      student.on("pageerror", (e) => errors.push(e.message));
      await signIn(student, base, DEMO.student);
      const all = await offers(student);
      const clash = all.find((o) => !o.mine && o.clash.length > 0)!;
      const refused = all.find((o) => !o.mine && o.refusals.some((r) => r.check === "eligibility"))!;
      const open = all.find((o) => !o.mine && o.refusals.length === 0 && o.seatsLeft > 0)!;
      const full = all.find((o) =>
        !o.mine && o.seatsLeft === 0 && o.waitlisted > 0 && o.refusals.length === 0
      )!;
      assert(
        clash && refused && open && full,
        "the demo data has a clash, a refusal, an open and a full section",
      );

      await t.step("the student sees what they hold, the credits and the limit", async () => {
        await student.goto(`${base}/registration`);
        await settled(student);
        assertEquals(await student.locator("h1").textContent(), "Academic registration");
        assertMatch(await student.locator("#registration-credits").textContent() ?? "", /Credits: \d+ \/ 30/);
        assertEquals(await student.locator("#registration-mine [data-mine]").count(), 1);
      });

      await t.step("a refused registration says every reason in the error dialog", async () => {
        const row = await openRow(student, base, clash);
        await row.locator('[data-reg="register"]').click();
        const dialog = student.locator("#registration-error");
        await dialog.waitFor({ state: "visible" });
        assertStringIncludes(await dialog.textContent() ?? "", "Lessons clash with");
        await dialog.getByRole("button", { name: "OK" }).click();
        const prereq = await openRow(student, base, refused);
        assertStringIncludes(
          await prereq.locator("[data-refusals]").textContent() ?? "",
          "Prerequisites not met",
        );
        await prereq.locator("details summary").click();
        assert(await prereq.locator('[data-rule="fail"]').count() > 0);
      });

      await t.step("registers in one click, and joins the waitlist of a full section", async () => {
        const row = await openRow(student, base, open);
        await row.locator('[data-reg="register"]').click();
        await student.locator(`[data-section-row="${open.id}"] [data-status="enrolled"]`).waitFor();
        const waiting = await openRow(student, base, full);
        assertEquals(
          (await waiting.locator('[data-reg="register"]').textContent())?.trim(),
          "Join the waitlist",
        );
        await waiting.locator('[data-reg="register"]').click();
        await student.locator(`[data-section-row="${full.id}"] [data-status="waitlisted"]`).waitFor();
        assertMatch(
          await student.locator(`[data-section-row="${full.id}"] [data-status]`).textContent() ?? "",
          /Waitlist #\d+/,
        );
      });

      await t.step("the page in Georgian explains refusals in Georgian", async () => {
        await studentContext.addCookies([{ name: "lang", value: "ka", url: base }]);
        const row = await openRow(student, base, refused);
        assertEquals(await student.locator("h1").textContent(), "აკადემიური რეგისტრაცია");
        assertStringIncludes(
          await row.locator("[data-refusals]").textContent() ?? "",
          "წინაპირობები არ სრულდება",
        );
        await studentContext.addCookies([{ name: "lang", value: "en", url: base }]);
      });

      const staffContext = await contextFor(browser, base, "ka");
      const staff = await staffContext.newPage();
      staff.on("pageerror", (e) => errors.push(e.message));
      await signIn(staff, base, DEMO.staff);

      await t.step("the registrar sees the roster and the waitlist, and exports the roster", async () => {
        await staff.goto(`${base}/registration?tab=sections&section=${full.id}`);
        await settled(staff);
        const roster = staff.locator("#registration-roster");
        assertStringIncludes(await roster.textContent() ?? "", "მოლოდინის სია");
        assert(await roster.locator('[data-roster="waitlist"] tr').count() >= 1);
        const [download] = await Promise.all([
          staff.waitForEvent("download"),
          roster.getByRole("link", { name: "ექსპორტი .xlsx" }).click(),
        ]);
        assertMatch(download.suggestedFilename(), /^roster-.*\.xlsx$/);
      });

      await t.step("drops free the seat: the student waiting gets it", async () => {
        // The students ahead of Luka leave the waitlist, then an enrolled student drops.
        for (;;) {
          const first = staff.locator('[data-roster="waitlist"] tr').first();
          const text = await first.textContent() ?? "";
          if (text.includes("ლუკა")) break;
          await first.locator('[data-reg="drop"]').click();
          await confirmDrop(staff);
          await settled(staff);
          await staff.waitForFunction(
            (before) => document.querySelector('[data-roster="waitlist"] tr')?.textContent !== before,
            text,
          );
        }
        const waitingBefore = await staff.locator('[data-roster="waitlist"] tr').count();
        await staff.locator('[data-roster="enrolled"] tr').first().locator('[data-reg="drop"]').click();
        await confirmDrop(staff);
        await staff.waitForFunction(
          (n) => document.querySelectorAll('[data-roster="waitlist"] tr').length === n - 1,
          waitingBefore,
        );
        const row = await openRow(student, base, full);
        assertEquals(await row.locator("[data-status]").getAttribute("data-status"), "enrolled");
        // …and is told so, in the language they read.
        await student.waitForFunction(async (course) => {
          const { data } = await (await fetch("/api/notifications?unread=1")).json();
          return data.some((n: { title: string }) => n.title === `A seat is yours: ${course}`);
        }, full.course.name);
      });

      await t.step("the student's timetable shows the sections they hold", async () => {
        await student.goto(`${base}/tables`);
        await settled(student);
        const text = await student.locator("main").textContent() ?? "";
        assertStringIncludes(text, open.course.name);
      });

      await t.step("past the drop deadline the registrar's drop asks for a reason", async () => {
        await staff.goto(`${base}/registration?tab=settings`);
        await settled(staff);
        await staff.locator("input[name=dropDeadline]").fill("2026-11-02");
        await staff.getByRole("button", { name: "შენახვა" }).click();
        await staff.getByText("შენახულია").first().waitFor();
        await staff.goto(`${base}/registration?tab=sections&section=${full.id}`);
        await settled(staff);
        const enrolled = staff.locator('[data-roster="enrolled"] tr');
        const before = await enrolled.count();
        await enrolled.first().locator('[data-reg="drop"]').click();
        const dialog = staff.locator("#registration-drop");
        assertStringIncludes(await dialog.textContent() ?? "", "ვადა გასულია");
        // Without a reason nothing is sent: the dialog stays, the reason field takes the focus.
        await dialog.getByRole("button", { name: "რეგისტრაციის გაუქმება" }).click();
        await staff.waitForFunction(() => document.activeElement?.id === "registration-drop-reason");
        assertEquals(await enrolled.count(), before);
        await confirmDrop(staff, "ჯანმრთელობის მდგომარეობა, ცნობა №12");
        await staff.waitForFunction(
          (n) => document.querySelectorAll('[data-roster="enrolled"] tr').length === n - 1,
          before,
        );
      });

      await t.step("a form sent the moment a client navigation ends is answered by its island", async () => {
        await staff.goto(`${base}/registration?tab=holds`);
        await settled(staff);
        // The page re-reads itself in the client; the hold form is sent as soon as it says it is no longer
        // navigating. The island must be listening by then, and must answer the form alone: CI once saw the
        // form sent both to the API and, as a GET with its fields in the URL, to the page.
        await staff.evaluate(() =>
          new Promise<void>((resolve) => {
            const root = document.documentElement;
            const observer = new MutationObserver(() => {
              if (root.dataset.navigating) return;
              observer.disconnect();
              const form = document.querySelector<HTMLFormElement>("form[data-reg-form=hold]")!;
              (form.elements.namedItem("studentId") as HTMLInputElement).value = "7";
              (form.elements.namedItem("reason") as HTMLInputElement).value = "დავალიანება 7";
              form.requestSubmit();
              resolve();
            });
            observer.observe(root, { attributes: true, attributeFilter: ["data-navigating"] });
            dispatchEvent(new PopStateEvent("popstate"));
          })
        );
        await staff.locator("#registration-hold-list", { hasText: "დავალიანება 7" }).waitFor();
        await settled(staff);
        assertEquals(new URL(staff.url()).searchParams.get("reason"), null);
      });

      await t.step("the holds tab filters by student and names them", async () => {
        await staff.goto(`${base}/registration?tab=holds`);
        await settled(staff);
        for (const studentId of ["5", "6"]) {
          await staff.locator("form[data-reg-form=hold] input[name=studentId]").fill(studentId);
          await staff.locator("form[data-reg-form=hold] input[name=reason]").fill(`დავალიანება ${studentId}`);
          await staff.getByRole("button", { name: "შეზღუდვის დამატება" }).click();
          await staff.locator("#registration-hold-list", { hasText: `დავალიანება ${studentId}` }).waitFor();
          // The add re-reads the page: the next hold is typed into the new page's form once it has hydrated (under
          // load the second add was once typed into the page being replaced and never sent).
          await settled(staff);
        }
        await staff.locator("#registration-hold-filter").fill("5");
        await Promise.all([
          staff.waitForURL((url) => url.searchParams.get("student") === "5"),
          staff.locator("#registration-hold-filter").press("Enter"),
        ]);
        await settled(staff);
        const rows = staff.locator("#registration-hold-list tr");
        assertEquals(await rows.count(), 1);
        const cells = await rows.first().locator("td").allTextContents();
        assertEquals(cells[0], "5");
        assert(/\p{Script=Georgian}/u.test(cells[1]), `a Georgian name, not "${cells[1]}"`);
      });
      assertEquals(errors, []);
    }),
});

/**
 * Polls in a real browser (issue 26), in both languages: staff build a poll for the demo student's program (a
 * mistake is named at its field first), open it; the student gets the poll alert, answers; staff see the
 * results and export them.
 */
import type { BrowserContext } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;

const TEXT = {
  ka: { required: "ველი სავალდებულოა", open: "ღია", thanks: "გმადლობთ" },
  en: { required: "This field is required", open: "Open", thanks: "Thank you" },
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

Deno.test({
  name: "polls: staff build and open a poll, the student answers, staff read and export the results",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      for (const lang of ["ka", "en"] as const) {
        const text = TEXT[lang];
        const title = lang === "ka" ? "ლაბორატორიების შეფასება" : "Laboratory feedback";
        const staffContext = await contextFor(browser, base, lang);
        const staff = await staffContext.newPage();
        const errors: string[] = [];
        staff.on("pageerror", (e) => errors.push(e.message));
        await signIn(staff, base, DEMO.staff);
        const programId = await staff.evaluate(async () =>
          (await (await fetch("/api/students?text=Mamulashvili&limit=1")).json()).data[0].programId
        ) as number;
        let pollId = 0;

        await t.step(`${lang}: a poll without titles is refused at its fields`, async () => {
          await staff.goto(`${base}/poll`);
          await settled(staff);
          await staff.fill("#q0-text", "კითხვა");
          await staff.fill("#q0-text-en", "Question");
          await staff.getByTestId("poll-save").click();
          await staff.locator("#poll-title[aria-invalid=true]").waitFor();
          assertStringIncludes(await staff.locator("form").innerText(), text.required);
        });

        await t.step(`${lang}: staff build a poll for the student's program and save it`, async () => {
          await staff.fill("#poll-title", title);
          await staff.fill("#poll-title-en", "Laboratory feedback");
          await staff.fill("#q0-o0", "კარგი");
          await staff.fill("#q0-o0-en", "Good");
          await staff.fill("#q0-o1", "ცუდი");
          await staff.fill("#q0-o1-en", "Bad");
          await staff.locator("#poll-programs").click();
          await staff.locator(`#poll-programs-${programId}`).check();
          await staff.keyboard.press("Escape");
          await staff.getByRole("button", { name: lang === "ka" ? "აუდიტორიის დათვლა" : "Count audience" })
            .click();
          assert(/[1-9]/.test(await staff.getByTestId("poll-audience-count").innerText()));
          await Promise.all([
            staff.waitForURL((url) => url.pathname === "/poll/dashboard"),
            staff.getByTestId("poll-save").click(),
          ]);
          pollId = Number(new URL(staff.url()).searchParams.get("poll"));
          assert(pollId > 0);
        });

        await t.step(`${lang}: staff open it after confirming`, async () => {
          await settled(staff);
          await staff.getByTestId(`poll-open-${pollId}`).click();
          const dialog = staff.locator(`#poll-open-${pollId}`);
          await dialog.waitFor({ state: "visible" });
          await Promise.all([
            staff.waitForEvent("load"),
            dialog.getByRole("button", { name: lang === "ka" ? "გამოკითხვის გახსნა" : "Open poll" }).click(),
          ]);
          await staff.getByTestId(`poll-results-${pollId}`).waitFor();
          assertStringIncludes(await staff.locator("table").first().innerText(), text.open);
        });

        await t.step(`${lang}: the student gets the alert, follows it and answers`, async () => {
          const studentContext = await contextFor(browser, base, lang);
          const student = await studentContext.newPage();
          student.on("pageerror", (e) => errors.push(e.message));
          await signIn(student, base, DEMO.student);
          const alert = student.getByTestId("poll-alert");
          await alert.waitFor();
          await alert.getByRole("button").click();
          await Promise.all([
            student.waitForURL((url) => url.pathname === "/poll-response"),
            student.locator("#poll-alert-menu a", { hasText: title }).click(),
          ]);
          await settled(student);
          await student.getByLabel(lang === "ka" ? "კარგი" : "Good").check();
          await student.getByTestId("poll-submit").click();
          assertStringIncludes(await student.getByTestId("poll-thanks").innerText(), text.thanks);
          await studentContext.close();
        });

        await t.step(`${lang}: staff see the result and export it`, async () => {
          await staff.goto(`${base}/poll/dashboard?poll=${pollId}`);
          await settled(staff);
          const summary = await staff.getByTestId("poll-results-summary").innerText();
          assert(summary.includes("1"), summary);
          // The answered choice question is drawn as a bar chart (its numbers stay in the table below it).
          await staff.locator("[data-testid=poll-chart] [data-chart][data-drawn=true] canvas").first()
            .waitFor();
          const [download] = await Promise.all([
            staff.waitForEvent("download"),
            staff.getByTestId(`poll-export-${pollId}`).click(),
          ]);
          assert(download.suggestedFilename().endsWith(".xlsx"), download.suggestedFilename());
        });
        assertEquals(errors, []);
        await staffContext.close();
      }
    }),
});

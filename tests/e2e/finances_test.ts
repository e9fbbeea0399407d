/**
 * Finances in a real browser (issue 21), in both languages: the registrar (staff@uni.test) sets tuition and the
 * hold threshold, imports a bank statement (checked row by row, written once: the same file again adds
 * nothing), reverses a wrong payment and sees the debtors; a student with a debt is refused registration and
 * told why, in Georgian and in English, and the payment that clears the debt lets them register.
 */
import { Buffer } from "node:buffer";
import type { BrowserContext, Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;

async function open(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
}

async function contextFor(
  browser: { newContext: (o: object) => Promise<BrowserContext> },
  base: string,
  lang: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  return context;
}

const api = (page: Page, path: string) =>
  page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<Record<string, unknown>>;

const TEXT = {
  ka: {
    check: "შემოწმება",
    write: "ჩაწერა",
    checked: "ახალი: 2",
    written: "ჩაიწერა: 2",
    again: "უკვე შემოტანილი: 2",
    reverse: "შებრუნება",
    reversed: "შებრუნებულია",
    debtors: "დებიტორი:",
    hold: "ფინანსური დავალიანება",
  },
  en: {
    check: "Check",
    write: "Write",
    checked: "New: 2",
    written: "Written: 2",
    again: "already imported: 2",
    reverse: "Reverse",
    reversed: "Reversed",
    debtors: "Debtors:",
    hold: "Overdue tuition",
  },
} as const;

Deno.test({
  name: "finances: the registrar and a student with a debt in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const staff: Record<string, Page> = {};
      for (const lang of ["ka", "en"] as const) {
        staff[lang] = await (await contextFor(browser, base, lang)).newPage();
        staff[lang].on("pageerror", (e) => errors.push(e.message));
        await signIn(staff[lang], base, DEMO.staff);
      }

      await t.step("the registrar sets the tuition and the hold threshold (ka)", async () => {
        const page = staff.ka;
        await open(page, `${base}/finances-second/parameters`);
        assertEquals(await page.locator("h1").textContent(), "ფინანსური პარამეტრები");
        await page.locator("[name=tuitionAmount]").first().fill("2400.00");
        await page.locator("[name=holdThreshold]").fill("1000");
        await page.locator("[name=graceDays]").fill("0");
        await page.locator("form[data-fin-form=params] button[type=submit]").click();
        await page.waitForFunction(async () =>
          (await (await fetch("/api/finance_params")).json()).tuition[0].amount === 240000
        );
        const params = await api(page, "/api/finance_params");
        assertEquals([params.holdThreshold, params.graceDays], [100000, 0]);
      });

      for (const lang of ["ka", "en"] as const) {
        const text = TEXT[lang];
        const page = staff[lang];
        const csv =
          `date,reference,amount,student\n2026-11-20,E2E-${lang}-1,150.00,2\n20.11.2026,E2E-${lang}-2,75.50,3\n`;
        const file = {
          name: `statement-${lang}.csv`,
          mimeType: "text/csv",
          buffer: Buffer.from(csv, "utf-8"),
        };

        await t.step(`a bank statement is checked row by row, written once (${lang})`, async () => {
          await open(page, `${base}/finances-second/events`);
          const panel = page.locator("#finance-import");
          await panel.locator("input[type=file]").setInputFiles(file);
          await panel.getByRole("button", { name: text.check }).click();
          await page.waitForFunction(
            (s) => document.querySelector("[data-import-status]")?.textContent?.includes(s),
            text.checked,
          );
          assertEquals(await panel.locator("[data-import-rows] tbody tr[data-status=new]").count(), 2);
          await panel.getByRole("button", { name: text.write }).click();
          await page.waitForFunction(
            (s) => document.querySelector("[data-import-status]")?.textContent?.includes(s),
            text.written,
          );
          await open(page, `${base}/finances-second/events`);
          await page.locator("#finance-import input[type=file]").setInputFiles(file);
          await page.locator("#finance-import").getByRole("button", { name: text.check }).click();
          await page.waitForFunction(
            (s) => document.querySelector("[data-import-status]")?.textContent?.includes(s),
            text.again,
          );
          assert(
            await page.locator("#finance-import").getByRole("button", { name: text.write }).isDisabled(),
          );
        });

        await t.step(`a wrong payment is reversed with a reason (${lang})`, async () => {
          await open(page, `${base}/finances-second/events?studentId=2&kind=payment`);
          const row = page.locator("tr", { hasText: `E2E-${lang}-1` });
          await row.locator("summary").click();
          await row.locator("input[name=reason]").fill(
            lang === "ka" ? "სხვა სტუდენტის გადახდა" : "another student's payment",
          );
          await row.locator("form[data-fin-form=reverse] button").click();
          await page.locator("tr", { hasText: `E2E-${lang}-1` }).filter({ hasText: text.reversed }).first()
            .waitFor();
          const ledger = await api(page, "/api/finance_students/2") as {
            entries: { kind: string; reference: string }[];
          };
          assertEquals(
            ledger.entries.filter((e) => e.reference === `E2E-${lang}-1`).map((e) => e.kind),
            ["payment", "reversal"],
          );
        });

        await t.step(`the debtors report lists who owes, with totals (${lang})`, async () => {
          await open(page, `${base}/finances-second/reports`);
          assertStringIncludes(await page.locator("[data-totals]").textContent() ?? "", text.debtors);
          assert(
            await page.locator("tbody tr", { hasText: "117" }).count() > 0,
            "the demo's debtor with a hold",
          );
        });
      }

      const students: Record<string, Page> = {};
      for (const lang of ["ka", "en"] as const) {
        students[lang] = await (await contextFor(browser, base, lang)).newPage();
        students[lang].on("pageerror", (e) => errors.push(e.message));
        await signIn(students[lang], base, DEMO.student);
      }
      const offers = await students.en.evaluate(async () =>
        (await (await fetch("/api/registration_offerings?limit=200")).json()).data
      ) as { id: string; course: { code: string }; mine: unknown; refusals: unknown[]; seatsLeft: number }[];
      const free = offers.find((o) => !o.mine && o.refusals.length === 0 && o.seatsLeft > 0)!;
      assert(free, "an open section the demo student may take");

      await t.step(
        "the registrar charges an old debt: the student is refused and told why (ka, en)",
        async () => {
          const page = staff.en;
          await open(page, `${base}/finances-second/students/1`);
          const form = page.locator("form[data-fin-form=entry]");
          await form.locator("[name=kind]").selectOption("charge");
          await form.locator("[name=amount]").fill("2500.00");
          await form.locator("[name=date]").fill("2026-09-01");
          await form.locator("[name=reference]").fill("E2E old debt");
          await form.locator("button[type=submit]").click();
          await page.locator("[data-finance-hold]").waitFor();
          for (const lang of ["ka", "en"] as const) {
            const student = students[lang];
            await open(student, `${base}/registration?q=${encodeURIComponent(free.course.code)}`);
            await student.locator(`[data-section-row="${free.id}"] [data-reg="register"]`).click();
            const dialog = student.locator("#registration-error");
            await dialog.waitFor({ state: "visible" });
            assertStringIncludes(await dialog.textContent() ?? "", TEXT[lang].hold);
            await dialog.getByRole("button", { name: "OK" }).click();
          }
        },
      );

      await t.step("the payment that clears the debt lifts the hold: the student registers", async () => {
        const page = staff.ka;
        await open(page, `${base}/finances-second/students/1`);
        const balance = Number(await page.locator("[data-balance]").getAttribute("data-balance"));
        const form = page.locator("form[data-fin-form=entry]");
        await form.locator("[name=kind]").selectOption("payment");
        await form.locator("[name=amount]").fill((balance / 100).toFixed(2));
        await form.locator("[name=reference]").fill("E2E cash desk");
        await form.locator("button[type=submit]").click();
        await page.waitForFunction(() => !document.querySelector("[data-finance-hold]"));
        const student = students.en;
        await open(student, `${base}/registration?q=${encodeURIComponent(free.course.code)}`);
        await student.locator(`[data-section-row="${free.id}"] [data-reg="register"]`).click();
        await student.locator(`[data-section-row="${free.id}"] [data-status="enrolled"]`).waitFor();
      });

      assertEquals(errors, []);
    }),
});

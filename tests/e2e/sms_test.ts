/**
 * SMS notifications in a real browser (issue 26), in both languages: staff choose a template and the demo
 * student's program, preview the count and the cost, send after confirming, and read the delivery log as the
 * server's jobs deliver through the log provider.
 */
import { assert, assertStringIncludes } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const TEXT = {
  ka: { segments: "სეგმენტი", sent: "გაგზავნილი", send: "გაგზავნა" },
  en: { segments: "segments", sent: "Sent", send: "Send" },
} as const;

Deno.test({
  name: "sms: staff preview, send and read the delivery log",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      for (const lang of ["ka", "en"] as const) {
        const text = TEXT[lang];
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(15_000);
        await context.addCookies([{ name: "lang", value: lang, url: base }]);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await signIn(page, base, DEMO.staff);
        const programId = await page.evaluate(async () =>
          (await (await fetch("/api/students?text=Mamulashvili&limit=1")).json()).data[0].programId
        ) as number;

        await t.step(`${lang}: a template and a program give a preview of the count and cost`, async () => {
          await page.goto(`${base}/sms`);
          await settled(page);
          await page.selectOption("#sms-template", "exam");
          assertStringIncludes(await page.inputValue("#sms-text"), "{firstName}");
          await page.locator("#sms-programs").click();
          await page.locator(`#sms-programs-${programId}`).check();
          await page.keyboard.press("Escape");
          await page.getByTestId("sms-preview-button").click();
          assertStringIncludes(await page.getByTestId("sms-preview").innerText(), text.segments);
        });

        await t.step(`${lang}: sending after confirming adds it to the history with its log`, async () => {
          const before = await page.locator("[data-testid^=sms-log-]").count();
          await page.getByTestId("sms-send").click();
          const dialog = page.locator("#sms-confirm");
          await dialog.waitFor({ state: "visible" });
          await Promise.all([
            page.waitForEvent("load"),
            dialog.getByRole("button", { name: text.send }).click(),
          ]);
          await settled(page);
          assert((await page.locator("[data-testid^=sms-log-]").count()) === before + 1);
          const newest = page.locator("[data-testid^=sms-log-]").first();
          const href = (await newest.getAttribute("href"))!;
          // The jobs deliver in the background (20 a second): wait until the log counts one sent.
          const id = Number(new URL(href, base).searchParams.get("sending"));
          await page.waitForFunction(
            async (id) => (await (await fetch(`/api/sms/${id}/log`)).json()).counts.sent > 0,
            id,
            { polling: 100 },
          );
          await page.goto(`${base}${href}`);
          assertStringIncludes(await page.getByTestId("sms-log").innerText(), text.sent);
        });
        assert(errors.length === 0, errors.join("\n"));
        await context.close();
      }
    }),
});

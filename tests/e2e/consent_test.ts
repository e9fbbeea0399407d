/**
 * The consent dialog in a real browser. The demo professor is seeded as having agreed, so the test first
 * refuses through the API (a refusal holds for its session) and signs in again, meeting the dialog as a new
 * person would: Escape does not close it, "agree" asks for the SMS code, a wrong code raises the alert, the
 * code read from the server's log closes it, and it stays closed after a reload.
 */
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { DEMO, nextFrame, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 10_000;
const PROF_PHONE = "+995555000004";

function lastCodeIn(log: string): string | null {
  const matches = [...log.matchAll(/SMS to (\+\d+): \D*(\d{6})/g)].filter((m) => m[1] === PROF_PHONE);
  return matches.at(-1)?.[2] ?? null;
}

async function waitForCode(read: () => string): Promise<string> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const code = lastCodeIn(read());
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no SMS code in the server log");
}

const dialogOpen = (page: Page) =>
  page.locator("#consent-dialog").evaluate((d) => (d as HTMLDialogElement).open);

Deno.test({
  name: "consent dialog with an SMS code in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      first.setDefaultTimeout(STEP_TIMEOUT_MS);
      const setup = await first.newPage();
      await signIn(setup, base, DEMO.prof);
      // Right after start-up the page may not know yet and lets the island ask (consent/check.tsx); the
      // server's answer is what it decides by, and it stays closed.
      const { state } = await setup.evaluate(() => fetch("/api/consent/status").then((r) => r.json()));
      assertEquals(state, "agreed", "the seeded professor has agreed");
      await nextFrame(setup);
      assert(!(await setup.locator("#consent-dialog").isVisible()), "no consent dialog");
      const refused = await setup.evaluate(async () =>
        (await fetch("/api/consent", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ agreed: 0 }),
        })).status
      );
      assertEquals(refused, 200);
      await first.close();

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      try {
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        await signIn(page, base, DEMO.prof);
        const dialog = page.locator("#consent-dialog");
        await dialog.waitFor({ state: "visible" });
        assertEquals(await dialog.locator("header button").count(), 0, "no close button");

        await page.keyboard.press("Escape");
        await nextFrame(page);
        assert(await dialogOpen(page), "Escape does not close the dialog");

        await page.getByTestId("consent-agree").click();
        await page.getByTestId("consent-sms-note").waitFor();
        const input = page.locator("#consent-code");
        assertEquals(await input.getAttribute("inputmode"), "numeric");
        const code = await waitForCode(server.output);

        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
        await input.fill(wrong);
        await page.getByTestId("consent-agree").click();
        const alert = page.locator("#consent-alert");
        await alert.waitFor({ state: "visible" });
        assert((await alert.textContent() ?? "").includes("SMS"), await alert.textContent() ?? "");
        await alert.getByRole("button", { name: /OK|კარგი/ }).first().click();
        await alert.waitFor({ state: "hidden" });
        assert(await dialogOpen(page), "a wrong code keeps the dialog open");

        await input.fill(code);
        await page.getByTestId("consent-agree").click();
        await dialog.waitFor({ state: "hidden" });

        await page.reload();
        await page.waitForSelector("html[data-hydrated=true]");
        assertEquals(await page.locator("#consent-dialog").count(), 0, "no dialog after reload");
        assertEquals(errors, []);
      } finally {
        await context.close();
      }
    }),
});

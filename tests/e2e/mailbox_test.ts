/**
 * Mailbox and chancellery items open (issue 31 point 8), in a real browser: an item opens in a read view with
 * its text; opening marks it read and the menu badge counts one less at once; the chancellery's check action
 * clears its badge.
 */
import { assertEquals, assertMatch } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

Deno.test({
  name: "mailbox and chancellery items open and are read",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(15_000);
      await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      try {
        await signIn(page, base, DEMO.limited);
        const inbox = page.getByTestId("menu-badge-inbox");
        const chancellery = page.getByTestId("menu-badge-chancellery");

        await t.step("a mailbox item opens with its text; the badge counts one less", async () => {
          await page.goto(`${base}/mailbox`);
          await page.waitForSelector("html[data-hydrated=true]");
          await inbox.waitFor({ state: "attached" });
          assertEquals(await inbox.textContent(), "3");
          const first = page.getByTestId("mailbox-item").first();
          const title = (await first.innerText()).replace(/\s*\(unread\)$/, "");
          await first.click();
          const view = page.getByTestId("mailbox-item-view");
          await view.waitFor();
          assertMatch(await page.locator("#inbox-item").innerText(), new RegExp(title.slice(0, 20)));
          assertMatch(await view.innerText(), /\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/);
          await page.waitForFunction(() =>
            document.querySelector("[data-testid=menu-badge-inbox]")?.textContent === "2"
          );
          await page.locator("#inbox-item").getByRole("button", { name: "Close" }).last().click();
          await view.waitFor({ state: "detached" });
          // Read now: after a reload it is still read, and the badge stays at 2.
          await page.reload();
          await page.waitForSelector("html[data-hydrated=true]");
          await inbox.waitFor({ state: "attached" });
          assertEquals(await inbox.textContent(), "2");
        });

        await t.step("a chancellery item opens; the check action clears the rest", async () => {
          await page.goto(`${base}/chancellery`);
          await page.waitForSelector("html[data-hydrated=true]");
          await chancellery.waitFor({ state: "attached" });
          assertEquals(await chancellery.textContent(), "2");
          await page.getByTestId("mailbox-item").first().click();
          await page.getByTestId("mailbox-item-view").waitFor();
          await page.waitForFunction(() =>
            document.querySelector("[data-testid=menu-badge-chancellery]")?.textContent === "1"
          );
          await page.locator("#chancellery-item").getByRole("button", { name: "Close" }).last().click();
          await page.getByRole("button", { name: "Check chancellery" }).click();
          await chancellery.waitFor({ state: "detached" });
          await page.getByText("Marked as read").waitFor();
        });
      } finally {
        await context.close();
      }
    }),
});

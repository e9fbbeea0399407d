/**
 * Feedback after every action (issue 31 point 4), in a real browser as the administrator: an action that
 * downloads, or that reloads the page, still says what it did — in a toast that outlives the reload.
 */
import { assertMatch } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

Deno.test({
  name: "feedback after the language screen's and the top bar's actions",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      context.setDefaultTimeout(15_000);
      await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      try {
        await signIn(page, base, DEMO.admin);
        const status = page.locator("[role=status]");

        await t.step("generate templates: the download, and a toast naming it", async () => {
          await page.goto(`${base}/lang/en?side=admin_side`);
          await page.waitForSelector("html[data-hydrated=true]");
          const [download] = await Promise.all([
            page.waitForEvent("download"),
            page.getByRole("button", { name: "Generate templates" }).click(),
          ]);
          const toast = status.getByText(/Templates of \d+ languages downloaded/);
          await toast.waitFor();
          assertMatch(await toast.innerText(), new RegExp(download.suggestedFilename().replace(".", "\\.")));
        });

        await t.step("find new keywords: after the reload a toast says how many were added", async () => {
          await Promise.all([
            page.waitForEvent("load"),
            page.getByRole("button", { name: "Find new keywords" }).click(),
          ]);
          await page.waitForSelector("html[data-hydrated=true]");
          await status.getByText(/New keywords added: \d+/).waitFor();
        });

        await t.step("refresh permissions: after the reload a toast says they were refreshed", async () => {
          await Promise.all([
            page.waitForEvent("load"),
            page.getByRole("button", { name: "Refresh permissions" }).click(),
          ]);
          await page.waitForSelector("html[data-hydrated=true]");
          await status.getByText(/Permissions refreshed: \d+ keys/).waitFor();
        });
      } finally {
        await context.close();
      }
    }),
});

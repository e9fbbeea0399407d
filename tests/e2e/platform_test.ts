import { assert, assertEquals, assertMatch } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

Deno.test({
  name: "platform in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));

      await t.step("pages need a signed-in person", async () => {
        await page.goto(`${server.url}/ui-kit`);
        assertEquals(page.url(), `${server.url}/login?next=%2Fui-kit`);
        await signIn(page, server.url, DEMO.staff);
        assertEquals(page.url(), `${server.url}/ui-kit`);
      });

      await t.step("an island hydrates and reacts to a click", async () => {
        await page.goto(`${server.url}/ui-kit`);
        await page.waitForSelector("html[data-hydrated=true]");
        const counter = page.getByTestId("counter");
        assertMatch(await counter.textContent() ?? "", /0/);
        await counter.click();
        await counter.click();
        assertMatch(await counter.textContent() ?? "", /2/);
        assertEquals(await page.locator("html").getAttribute("lang"), "ka");
      });

      await t.step("dialogs open, trap focus and close with Escape", async () => {
        await page.getByRole("button", { name: "დიალოგის გახსნა" }).click();
        const dialog = page.locator("dialog#kit-dialog");
        await dialog.waitFor({ state: "visible" });
        assert(await dialog.evaluate((d) => (d as HTMLDialogElement).open));
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
      });

      await t.step("client navigation swaps the page and keeps the shell island's state", async () => {
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
        // /ui-kit is in no menu group: open one by hand, then leave through the breadcrumb's home link,
        // which the server redirects to the staff member's landing page (/hr).
        const group = page.locator("#menu-group-20");
        assertEquals(await group.getAttribute("aria-expanded"), "false");
        await group.click();
        assertEquals(await group.getAttribute("aria-expanded"), "true");
        await page.locator("[data-page-region] nav a[href='/']").click();
        await page.waitForURL(`${server.url}/hr`);
        await page.waitForFunction(() => !document.querySelector("[data-testid=ui-kit-demo]"));
        assertEquals(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42);
        assertEquals(await group.getAttribute("aria-expanded"), "true");
        assertEquals(await page.title(), "UniAdmin > ადამიანური რესურსები");
        // A side-menu link navigates the same way and the menu marks the new current item.
        await page.locator("a[data-menu-id='201']").click();
        await page.waitForURL(`${server.url}/books`);
        await page.waitForFunction(() =>
          document.querySelector("a[data-menu-id='201']")?.getAttribute("aria-current") === "page"
        );
        assertEquals(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42);
        assertEquals(await group.getAttribute("aria-expanded"), "true");
        await page.goBack();
        await page.waitForURL(`${server.url}/hr`);
        await page.goBack();
        await page.waitForSelector("[data-testid=ui-kit-demo]");
        assertEquals(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42);
        assertMatch(await page.title(), /UniAdmin > /);
        // The island of the page we came back to is hydrated again and works.
        await page.getByTestId("counter").click();
        assertMatch(await page.getByTestId("counter").textContent() ?? "", /1/);
      });

      await t.step("the new page takes the focus, unless the person moved it while it loaded", async () => {
        await page.locator("a[data-menu-id='201']").click();
        await page.waitForURL(`${server.url}/books`);
        assertEquals(await page.evaluate(() => document.activeElement?.id), "main");
        // A slow page: it arrives only after the person has gone to the chat launcher; the focus stays there.
        let moved = () => {};
        const focusMoved = new Promise<void>((resolve) => (moved = resolve));
        await page.route("**/hr", async (route) => {
          await focusMoved;
          await route.continue();
        });
        await page.locator("[data-page-region] nav a[href='/']").click();
        await page.focus("[data-testid=chat-launcher]");
        moved();
        await page.waitForURL(`${server.url}/hr`);
        await page.unroute("**/hr");
        assertEquals(
          await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
          "chat-launcher",
        );
      });

      await t.step("a page with no island ships no script at all", async () => {
        const scripts: string[] = [];
        page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
        const response = await page.goto(`${server.url}/online-register`);
        const html = await response!.text();
        assertEquals(/<script/i.test(html), false);
        assertEquals(/modulepreload/i.test(html), false);
        assertEquals(await page.locator("script").count(), 0);
        assertEquals(scripts, []);
      });

      await t.step("the CSP blocks an injected inline script while the nonce'd boot still runs", async () => {
        const violations: string[] = [];
        page.on("console", (m) =>
          m.type() === "error" && /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
        await page.route("**/ui-kit", async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace(
            "</body>",
            "<script>window.injected = true</script></body>",
          );
          await route.fulfill({ response, body });
        });
        await page.goto(`${server.url}/ui-kit`);
        await page.waitForSelector("html[data-hydrated=true]");
        assertEquals(
          await page.evaluate(() =>
            (window as unknown as { injected?: boolean }).injected
          ),
          undefined,
        );
        assert(violations.length > 0, "the browser reported no CSP violation");
        await page.unroute("**/ui-kit");
      });

      await t.step("the language switch keeps the page and islands follow it", async () => {
        await page.goto(`${server.url}/ui-kit`);
        await page.waitForSelector("html[data-hydrated=true]");
        await page.click("#language-menu-button");
        await Promise.all([
          page.waitForEvent("load"),
          page.locator("#language-menu-menu button[lang=en]").click(),
        ]);
        await page.waitForSelector("html[lang=en][data-hydrated=true]");
        assertEquals(page.url(), `${server.url}/ui-kit`);
        assertMatch(await page.getByTestId("counter").textContent() ?? "", /Clicked 0 times/);
        assertEquals(
          await page.evaluate(() => localStorage.getItem("lang")),
          "en",
        );
        await page.click("#language-menu-button");
        await Promise.all([
          page.waitForEvent("load"),
          page.locator("#language-menu-menu button[lang=ka]").click(),
        ]);
        await page.waitForSelector("html[lang=ka][data-hydrated=true]");
      });

      await t.step(
        "a dictionary that fails to load leaves islands working with empty translations",
        async () => {
          await page.route("**/static/i18n/*", (route) => route.abort());
          await page.goto(`${server.url}/ui-kit`);
          await page.waitForSelector("html[data-hydrated=true]");
          await page.getByTestId("counter").click();
          assertMatch(await page.getByTestId("counter").textContent() ?? "", /uiKit\.clicked/);
          await page.unroute("**/static/i18n/*");
        },
      );

      assertEquals(errors, []);
    }),
});

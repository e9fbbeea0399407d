/**
 * The chat event log inspector in a browser: the administrator (who holds menu.chat.eventLog) lists rooms,
 * opens one, filters it, follows it live while someone writes in it; messages show as text; export is a link.
 */
import { assert, assertEquals } from "../assert.ts";
import { chatClient } from "../chat_client.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

Deno.test({
  name: "chat event log inspector",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withBrowser(async ({ server, browser }) => {
      const page = await browser.newPage();
      await signIn(page, server.url, DEMO.admin);
      await page.goto(`${server.url}/chat/event-log`);
      const group = page.locator("table tr", { hasText: "სასწავლო პროცესი" });
      await group.locator("a").first().click();
      await page.waitForURL((url) => url.searchParams.has("room"));
      const roomId = Number(new URL(page.url()).searchParams.get("room"));
      await page.locator("td", { hasText: "room_created" }).first().waitFor();
      await page.selectOption("select[name=type]", "message_sent");
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get("type") === "message_sent"),
        page.click("form button[type=submit]"),
      ]);
      assertEquals(await page.locator("td", { hasText: "room_created" }).count(), 0);
      const exportLink = await page.locator(`a[href^="/api/chat/event-log/${roomId}/export"]`).getAttribute(
        "href",
      );
      assert(exportLink?.includes("type=message_sent"));

      await page.click("[data-testid=chat-log-follow] button");
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ login: DEMO.staff.email, password: DEMO.staff.password }),
      });
      const { token } = await login.json();
      const staff = await chatClient(`${server.url.replace("http", "ws")}/ws/chat`, { token });
      const text = `<img src=x onerror="document.title='pwned'"> live ${Date.now()}`;
      const sent = await staff.call("sendMessage", { chatId: roomId, text, clientId: `e2e-${Date.now()}` });
      assert(sent.ok);
      const row = page.locator("[data-testid=chat-log-follow] td", { hasText: "live" });
      await row.first().waitFor({ timeout: 10_000 });
      assert((await row.first().textContent())?.includes("<img src=x"), "shown as text");
      assert(!(await page.title()).includes("pwned"));
      await staff.close();
    }),
});

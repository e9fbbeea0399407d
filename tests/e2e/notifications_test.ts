/**
 * Two server processes on one KV file: a notification created through one reaches a socket (and a browser's
 * bell) attached to the other within a second — the cross-process path of services/user_channel.ts.
 */
import { assertEquals } from "../assert.ts";
import { DEMO, launchBrowser, signIn, startServer } from "./harness.ts";

async function login(base: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token as string;
}

async function send(base: string, token: string, userId: number, title: string) {
  const res = await fetch(`${base}/api/notifications/send`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ userId, title, body: "", kind: "system" }),
  });
  assertEquals(res.status, 201, await res.clone().text());
  await res.body?.cancel();
}

Deno.test("notifications reach another process's sockets and browsers within 1 s", async (t) => {
  const first = await startServer();
  const second = await startServer({}, { kvDir: first.kvDir });
  try {
    const adminToken = await login(first.url, DEMO.admin);
    const staffToken = await login(second.url, DEMO.staff);
    const me = await (await fetch(`${second.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${staffToken}` },
    })).json();
    const staffId = me.user.id as number;

    await t.step("a Deno socket on process B hears a notification created on process A", async () => {
      const socket = new WebSocket(`${second.url.replace("http", "ws")}/ws/user`);
      const frames: string[] = [];
      let onFrame = () => {};
      socket.onmessage = (m) => (frames.push(String(m.data)), onFrame());
      await new Promise((r) => (socket.onopen = r));
      const waitFor = (event: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${event}: ${frames.join()}`)), 3000);
          onFrame = () => frames.some((f) => f.includes(event)) && (clearTimeout(timer), resolve());
          onFrame();
        });
      socket.send(JSON.stringify({ event: "auth", data: { token: staffToken } }));
      await waitFor("AuthSuccess");
      socket.send(JSON.stringify({ event: "subscribe", data: {} }));
      await waitFor("subscribed");
      const sent = Date.now();
      await send(first.url, adminToken, staffId, "cross-process");
      await waitFor("checkUserNotification");
      assertEquals(Date.now() - sent < 1000, true, `took ${Date.now() - sent} ms`);
      socket.close();
    });

    await t.step("the bell of a browser on process B rises without a reload", async () => {
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        // The bell listens once its socket has subscribed (the server answers "subscribed").
        const subscribed = new Promise<void>((resolve, reject) => {
          const deadline = setTimeout(() => reject(new Error("the bell's socket never subscribed")), 10_000);
          page.on("websocket", (socket) =>
            socket.on("framereceived", ({ payload }) => {
              if (!String(payload).includes('"subscribed"')) return;
              clearTimeout(deadline);
              resolve();
            }));
        });
        await signIn(page, second.url, DEMO.staff);
        const badge = page.locator("[data-testid=unread-count]");
        const before = Number(await badge.textContent());
        await subscribed;
        await send(first.url, adminToken, staffId, "for the bell");
        await page.waitForFunction(
          (n) => Number(document.querySelector("[data-testid=unread-count]")?.textContent) === n,
          before + 1,
          { timeout: 3000 },
        );
        await page.click("a[href='/user/notifications/list']");
        await page.waitForSelector("text=for the bell");
      } finally {
        await browser.close();
      }
    });
  } catch (e) {
    console.error(first.output(), second.output());
    throw e;
  } finally {
    await second.stop();
    await first.stop();
  }
});

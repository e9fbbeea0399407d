/**
 * The chat widget in real browsers (issue 7): two people in two browser contexts chat in a direct room, the
 * seen state changes, the widget survives client navigation and a full reload, files upload with progress,
 * a selection over 5 MB raises the alert and sends nothing, the emoji picker loads on first use, older pages
 * load by scrolling up, the active-window cap holds at 1280 px and at 700 px (full screen), and a corpus of
 * XSS payloads in messages, group titles and file names stays inert.
 */
import { Buffer } from "node:buffer";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import {
  lastSeen,
  messagesIn,
  openList,
  person,
  ROOM,
  send,
  startChat,
  waitForText,
  WINDOW,
  windowOf,
} from "./chat_helpers.ts";
import { DEMO, requestedAfterwards, withBrowser } from "./harness.ts";

const PAYLOADS = [
  `<img src=x onerror="window.__xss=1">`,
  `<script>window.__xss=2</script>`,
  `"><svg onload="window.__xss=3">`,
  `javascript:window.__xss=4`,
  `<a href="javascript:window.__xss=5">click</a>`,
  `{{constructor.constructor('window.__xss=6')()}}`,
  `<iframe srcdoc="<script>parent.__xss=7</script>">`,
];

/** Posts messages `from`..`to` to a room over a plain WebSocket (a token, as a non-browser client does). */
async function postMessages(
  base: string,
  account: { email: string; password: string },
  chatId: number,
  from: number,
  to: number,
) {
  const count = to - from + 1;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  const { token } = await login.json();
  const socket = new WebSocket(`${base.replace("http", "ws")}/ws/chat`);
  const acked = new Set<number>();
  let rooms = false;
  socket.onmessage = (m) => {
    const frame = JSON.parse(String(m.data));
    if (frame.event === "welcome") socket.send(JSON.stringify({ event: "auth", data: { token } }));
    if (frame.event === "auth_success") socket.send(JSON.stringify({ event: "getRooms", data: {} }));
    if (frame.event === "setRooms") rooms = true;
    if (frame.event === "callback" && frame.data.ok) acked.add(frame.data.eventId);
  };
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    assert(done(), "the socket did not get there in time");
  };
  await until(() => rooms);
  for (let i = from; i <= to; i++) {
    const data = { chatId, text: `history ${i}`, clientId: `history-${chatId}-${i}` };
    socket.send(JSON.stringify({ event: "sendMessage", data, id: i }));
  }
  await until(() => acked.size === count);
  socket.close();
}

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function pdf(bytes: number): Buffer {
  const data = Buffer.alloc(bytes);
  data.write("%PDF-1.4\n");
  return data;
}

Deno.test({
  name: "chat widget in two browsers",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const staffCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const studentCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const staff = await person(staffCtx, base, DEMO.staff);
      const student = await person(studentCtx, base, DEMO.student);
      let chatId = 0;
      // Each step builds on the ones before: after a failure the rest are skipped, not timed out one by one.
      let failed = false;
      const step = async (name: string, fn: () => Promise<void>) => {
        failed = !(await t.step({ name, ignore: failed, fn })) || failed;
      };

      await step("the launcher is the only chat markup the server renders", async () => {
        const html = await (await staffCtx.request.get(`${base}/hr`)).text();
        assert(html.includes('data-testid="chat-launcher"'));
        assert(!html.includes("chat-room-list") && !html.includes("chat-window"));
      });

      await step("staff starts a direct chat; Enter sends and clears the box", async () => {
        chatId = await startChat(staff.page, ["student@uni.test"]);
        await send(staff.page, chatId, "გამარჯობა, სტუდენტო");
        await waitForText(staff.page, chatId, "გამარჯობა, სტუდენტო");
        assertEquals(await windowOf(staff.page, chatId).locator("[data-testid=chat-input]").inputValue(), "");
        const input = windowOf(staff.page, chatId).locator("[data-testid=chat-input]");
        assertEquals(Math.round((await input.boundingBox())!.height), 28);
        // The box grows with its lines up to 4 of 28 px, and is one line again after sending.
        await input.fill("1\n2\n3");
        assertEquals(Math.round((await input.boundingBox())!.height), 84);
        await input.fill("1\n2\n3\n4\n5\n6");
        assertEquals(Math.round((await input.boundingBox())!.height), 112);
        await input.press("Enter");
        await waitForText(staff.page, chatId, "6");
        assertEquals(Math.round((await input.boundingBox())!.height), 28);
        const last = messagesIn(staff.page, chatId).last();
        await staff.page.waitForFunction(
          (id) =>
            [...document.querySelectorAll(
              `[data-testid=chat-window][data-chat-id="${id}"] [data-testid=chat-message]`,
            )]
              .at(-1)?.getAttribute("data-seen") === "user_not_seen",
          chatId,
        );
        assertEquals(await last.getAttribute("data-type"), "TEXT");
        assertEquals(Math.round((await windowOf(staff.page, chatId).boundingBox())!.width), 328);
      });

      await step("the student sees the unread mark, opens the room, and the staff sees it seen", async () => {
        await openList(student.page);
        await student.page.waitForSelector(`${ROOM}[data-room-id="${chatId}"][data-seen=me_not_seen]`);
        const unreadRooms = Number(await student.page.textContent("[data-testid=chat-unread]"));
        assert(unreadRooms >= 1);
        await student.page.click(`${ROOM}[data-room-id="${chatId}"]`);
        await waitForText(student.page, chatId, "გამარჯობა, სტუდენტო");
        await lastSeen(student.page, chatId, "me_seen");
        await lastSeen(staff.page, chatId, "user_seen");
        assertEquals(await staff.page.textContent("[data-testid=chat-seen-label]"), "ნანახია");
        // The launcher counts rooms with unread messages (the demo data has some of its own).
        await student.page.waitForFunction(
          (n) => Number(document.querySelector("[data-testid=chat-unread]")?.textContent ?? 0) === n,
          unreadRooms - 1,
        );
      });

      await step("the answer and the thumbs-up arrive; grouping marks one sender's run", async () => {
        await send(student.page, chatId, "გაუმარჯოს!");
        await windowOf(student.page, chatId).locator("[data-testid=chat-thumbs-up]").click();
        await waitForText(staff.page, chatId, "👍");
        const places = await messagesIn(staff.page, chatId).evaluateAll((els) =>
          els.map((e) => e.getAttribute("data-position"))
        );
        assertEquals(places.slice(-2), ["START", "END"]);
        assert(["END", "SOLO"].includes(places.at(-3)!), `the staff's message closes its group: ${places}`);
      });

      await step("client navigation keeps the window and the socket", async () => {
        const count = await messagesIn(staff.page, chatId).count();
        assertEquals(staff.sockets.length, 1);
        await staff.page.click("aside a[href='/students'], nav a[href='/students']");
        await staff.page.waitForURL((u) => u.pathname === "/students");
        assertEquals(await messagesIn(staff.page, chatId).count(), count);
        await send(staff.page, chatId, "after navigation");
        await waitForText(student.page, chatId, "after navigation");
        assertEquals(staff.sockets.length, 1, "no second socket");
      });

      await step("a full reload restores the window and its messages", async () => {
        const count = await messagesIn(staff.page, chatId).count();
        await staff.page.reload();
        await waitForText(staff.page, chatId, "after navigation");
        assertEquals(await messagesIn(staff.page, chatId).count(), count);
      });

      await step("a file uploads with a progress message, then the file message appears", async () => {
        await staff.page.evaluate(() => {
          const seen: string[] = [];
          (globalThis as unknown as { __percents: string[] }).__percents = seen;
          new MutationObserver(() => {
            const text = document.querySelector("[data-testid=chat-upload-percent]")?.textContent;
            if (text && seen.at(-1) !== text) seen.push(text);
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        await windowOf(staff.page, chatId).locator("[data-testid=chat-file-input]").setInputFiles({
          name: "report.pdf",
          mimeType: "application/pdf",
          buffer: pdf(1_600_000),
        });
        await staff.page.waitForSelector(`${WINDOW}[data-chat-id="${chatId}"] [data-testid=chat-file-link]`, {
          timeout: 20_000,
        });
        await waitForText(student.page, chatId, "report.pdf");
        const percents = await staff.page.evaluate(() =>
          (globalThis as unknown as { __percents: string[] }).__percents
        );
        assert(percents.length >= 2, `progress followed: ${percents}`);
        assertEquals(percents[0], "0%");
        assertEquals(await staff.page.locator("[data-testid=chat-upload-progress]").count(), 0);
      });

      await step("over 5 MB in total: the alert, and nothing is sent", async () => {
        const uploads: string[] = [];
        staff.page.on("request", (r) => r.url().includes("/api/chat/upload") && uploads.push(r.url()));
        await windowOf(staff.page, chatId).locator("[data-testid=chat-file-input]").setInputFiles([
          { name: "a.pdf", mimeType: "application/pdf", buffer: pdf(2_500_000) },
          { name: "b.pdf", mimeType: "application/pdf", buffer: pdf(2_500_001) },
        ]);
        const alert = windowOf(staff.page, chatId).locator("[data-testid=chat-too-big]");
        await alert.waitFor();
        assertEquals((await alert.textContent())?.includes("5MB"), true);
        await requestedAfterwards(staff.page);
        assertEquals(uploads, []);
        assertEquals(await staff.page.locator("[data-testid=chat-upload-progress]").count(), 0);
      });

      await step("a file of a refused kind: the alert names it, and nothing is sent", async () => {
        const uploads: string[] = [];
        staff.page.on("request", (r) => r.url().includes("/api/chat/upload") && uploads.push(r.url()));
        const input = windowOf(staff.page, chatId).locator("[data-testid=chat-file-input]");
        assertMatch((await input.getAttribute("accept")) ?? "", /\.pdf/);
        await input.setInputFiles([
          { name: "ok.pdf", mimeType: "application/pdf", buffer: pdf(1000) },
          { name: "setup.exe", mimeType: "application/x-msdownload", buffer: pdf(1000) },
        ]);
        const alert = windowOf(staff.page, chatId).locator("[data-testid=chat-refused-type]");
        await alert.waitFor();
        assertMatch((await alert.textContent()) ?? "", /setup\.exe/);
        await requestedAfterwards(staff.page);
        assertEquals(uploads, []);
      });

      await step("XSS payloads in messages, a group title and file names stay text", async () => {
        for (const payload of PAYLOADS) await send(staff.page, chatId, payload);
        await waitForText(student.page, chatId, PAYLOADS.at(-1)!);
        await windowOf(staff.page, chatId).locator("[data-testid=chat-file-input]").setInputFiles({
          name: `"><img src=x onerror="window.__xss=8">.pdf`,
          mimeType: "application/pdf",
          buffer: pdf(1000),
        });
        await waitForText(student.page, chatId, "onerror");
        const groupId = await startChat(staff.page, ["student@uni.test", "prof@uni.test"]);
        await windowOf(staff.page, groupId).locator("[data-testid=chat-window-title]").click();
        await windowOf(staff.page, groupId).locator("[data-testid=chat-title-input]").fill(PAYLOADS[0]);
        await windowOf(staff.page, groupId).locator("[data-testid=chat-title-input]").press("Enter");
        await openList(student.page);
        await student.page.waitForFunction(
          (title) =>
            [...document.querySelectorAll("[data-testid=chat-room]")].some((r) =>
              r.textContent?.includes(title)
            ),
          PAYLOADS[0],
          { timeout: 10_000 },
        );
        for (const page of [staff.page, student.page]) {
          // No element a payload describes exists, so no handler of one can run later.
          const injected = [
            "img[src=x]",
            "script",
            "iframe",
            "svg[onload]",
            "[onerror]",
            "a[href^=javascript]",
          ];
          assertEquals(
            await page.locator(injected.map((s) => `[data-testid=chat-root] ${s}`).join(", ")).count(),
            0,
          );
          assertEquals(
            await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss),
            undefined,
          );
        }
        const texts = await messagesIn(student.page, chatId).allTextContents();
        for (const payload of PAYLOADS) assert(texts.some((x) => x.includes(payload)), payload);
      });

      await step("the group's admin deletes it after the Georgian question", async () => {
        const groupWindow = staff.page.locator(`${WINDOW}:not([data-chat-id="${chatId}"])`).first();
        const groupId = Number(await groupWindow.getAttribute("data-chat-id"));
        await groupWindow.locator("[data-testid=chat-window-title]").click();
        await groupWindow.locator("[data-testid=chat-delete-group]").click();
        await staff.page.waitForSelector("text=ნამდვილად გსურთ ჯგუფის წაშლა?");
        await staff.page.click(`#chat-delete-${groupId} button:has-text("დიახ")`);
        await windowOf(staff.page, groupId).waitFor({ state: "detached" });
        await student.page.waitForSelector(`${ROOM}[data-room-id="${groupId}"]`, { state: "detached" });
      });

      await step(
        "the emoji picker loads on its first opening and keeps its choices in localStorage",
        async () => {
          const emojiChunks: string[] = [];
          staff.page.on("response", (r) => /chunk-.*\.js$/.test(r.url()) && emojiChunks.push(r.url()));
          const window = windowOf(staff.page, chatId);
          await window.locator("[data-testid=chat-emoji]").click();
          const picker = staff.page.locator("[data-testid=chat-emoji-picker] chat-emoji-picker");
          await picker.waitFor();
          assert(emojiChunks.length >= 1, "emoji-mart is fetched when the picker opens");
          const emoji = picker.locator("button[aria-posinset]").first();
          await emoji.waitFor();
          // Our translations, not emoji-mart's English: the category tabs of the Georgian page are Georgian.
          const category = await picker.locator("nav button[aria-label]").first().getAttribute("aria-label");
          assert(/^[\u10D0-\u10FF ]+$/.test(category ?? ""), `a Georgian category name: ${category}`);
          // The picker's own stylesheet applied despite the CSP (adopted, not inline): its buttons have a size.
          const box = await emoji.boundingBox();
          assert(box && box.width >= 24 && box.width <= 48, `emoji button ${box?.width}`);
          await emoji.click();
          // The click inserts the emoji a moment later: wait for that before Escape closes the picker.
          const input = window.locator("[data-testid=chat-input]");
          await input.evaluate((el) =>
            new Promise<void>((resolve) => {
              const until = performance.now() + 5000;
              const check = () =>
                /\p{Extended_Pictographic}/u.test((el as HTMLTextAreaElement).value) ||
                  performance.now() > until
                  ? resolve()
                  : requestAnimationFrame(check);
              check();
            })
          );
          await staff.page.keyboard.press("Escape");
          const text = await input.inputValue();
          assert(/\p{Extended_Pictographic}/u.test(text), `an emoji was inserted: ${text}`);
          const stored = await staff.page.evaluate(() => ({
            skin: localStorage.getItem("emoji-mart.skin"),
            frequently: localStorage.getItem("emoji-mart.frequently"),
            last: localStorage.getItem("emoji-mart.last"),
          }));
          assertEquals(stored.skin, "1");
          assert(Object.keys(JSON.parse(stored.frequently!)).length >= 16);
          assert(stored.last);
          await window.locator("[data-testid=chat-input]").fill("");
        },
      );

      await step("scrolling up loads older pages and keeps the view in place", async () => {
        // Two senders: one person may send 60 messages a minute (the chat's rate limit).
        await postMessages(base, DEMO.student, chatId, 1, 35);
        await postMessages(base, DEMO.staff, chatId, 36, 70);
        await staff.page.reload();
        await waitForText(staff.page, chatId, "history 70");
        const list = windowOf(staff.page, chatId).locator("[data-testid=chat-messages]");
        const before = await messagesIn(staff.page, chatId).count();
        assert(before <= 40, `one page first: ${before}`);
        const anchor = messagesIn(staff.page, chatId).first();
        const anchorId = await anchor.getAttribute("data-message-id");
        await list.evaluate((el) => el.scrollTo({ top: 0 }));
        await staff.page.waitForFunction(
          ([id, n]) =>
            document.querySelectorAll(
              `[data-testid=chat-window][data-chat-id="${id}"] [data-testid=chat-message]`,
            )
              .length > (n as number),
          [chatId, before] as const,
        );
        // The message that was on top is still in view: the older ones went above it.
        const top = await list.evaluate((el) => el.scrollTop);
        assert(top > 0, "the view did not jump to the top");
        const seen = await staff.page.locator(`[data-message-id="${anchorId}"]`).evaluate((el) => {
          const box = el.getBoundingClientRect();
          const list = el.closest("[data-testid=chat-messages]")!.getBoundingClientRect();
          return box.bottom > list.top && box.top < list.bottom;
        });
        assert(seen, "the former first message stays in view");
      });

      await step("an image opens in the slider dialog", async () => {
        await windowOf(staff.page, chatId).locator("[data-testid=chat-file-input]").setInputFiles({
          name: "photo.png",
          mimeType: "image/png",
          buffer: PNG,
        });
        const image = windowOf(staff.page, chatId).locator("[data-type=IMAGE] button").last();
        await image.waitFor({ timeout: 10_000 });
        await image.click();
        await staff.page.waitForSelector("#chat-image-slider[open] img[alt='photo.png']");
        await staff.page.keyboard.press("Escape");
        await staff.page.waitForSelector("#chat-image-slider[open]", { state: "detached" });
      });

      await step("at 1280 px three windows are active and the fourth makes the oldest a bubble", async () => {
        for (const who of ["prof@uni.test", "admin@uni.test", "limited@uni.test"]) {
          await startChat(staff.page, [who]);
        }
        assertEquals(await staff.page.locator(WINDOW).count(), 3);
        assertEquals(await staff.page.locator("[data-testid=chat-bubble]").count(), 1);
      });

      await step("at 700 px one window fills the screen", async () => {
        await staff.page.setViewportSize({ width: 700, height: 800 });
        await staff.page.waitForFunction(() =>
          document.querySelectorAll("[data-testid=chat-window]").length === 1
        );
        const box = await staff.page.locator(WINDOW).boundingBox();
        assertEquals([Math.round(box!.width), Math.round(box!.height)], [700, 800]);
      });

      assertEquals(staff.problems, []);
      assertEquals(student.problems, []);
    }),
});

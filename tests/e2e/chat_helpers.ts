/**
 * What the chat's browser tests share: a signed-in person in their own browser context (with page errors,
 * dialogs and CSP refusals collected), and the widget's moves — open the list, start a chat through the
 * new-message panel, send, wait for a message.
 */
import type { BrowserContext, Page } from "playwright-core";
import { assertEquals } from "../assert.ts";
import { signIn } from "./harness.ts";

export const ROOM = "[data-testid=chat-room]";
export const WINDOW = "[data-testid=chat-window]";

export async function person(
  ctx: BrowserContext,
  base: string,
  account: { email: string; password: string },
) {
  const page = await ctx.newPage();
  const problems: string[] = [];
  const sockets: string[] = [];
  page.on("websocket", (ws) => ws.url().endsWith("/ws/chat") && sockets.push(ws.url()));
  page.on("pageerror", (e) => problems.push(e.message));
  // A CSP refusal (an inline style or script the page tried) shows as a console error.
  page.on(
    "console",
    (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && problems.push(m.text()),
  );
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  await signIn(page, base, account);
  return { page, problems, sockets };
}

/** Opens the room list (once the client has connected) and returns it. */
export async function openList(page: Page) {
  if (!(await page.locator("[data-testid=chat-room-list]").count())) {
    await page.click("[data-testid=chat-launcher]");
  }
  await page.waitForSelector("[data-testid=chat-root][data-status=online]", { state: "attached" });
}

/** Starts a chat with the people found by each keyword through the new-message panel. */
export async function startChat(page: Page, keywords: string[]) {
  await openList(page);
  await page.click("[data-testid=chat-new]");
  for (const keyword of keywords) {
    await page.fill("[data-testid=chat-new-to]", keyword);
    await page.locator("[data-testid=chat-found-user]").first().click();
  }
  assertEquals(await page.locator("[data-testid=chat-chip]").count(), keywords.length);
  const label = await page.textContent("[data-testid=chat-start]");
  assertEquals(label?.trim(), keywords.length > 1 ? "ჯგუფის შექმნა" : "ჩატის დაწყება");
  // Windows already open stay open: the chat started is the one whose window was not there before.
  const before = await page.locator(WINDOW).evaluateAll((els) =>
    els.map((el) => el.getAttribute("data-chat-id"))
  );
  await page.click("[data-testid=chat-start]");
  const opened = await page.waitForFunction(
    ({ selector, before }) =>
      [...document.querySelectorAll(selector)]
        .find((el) => {
          const id = el.getAttribute("data-chat-id");
          return id !== "-1" && !before.includes(id) && el.querySelector("[data-testid=chat-input]");
        })?.getAttribute("data-chat-id"),
    { selector: WINDOW, before },
  );
  return Number(await opened.jsonValue());
}

export const windowOf = (page: Page, chatId: number) => page.locator(`${WINDOW}[data-chat-id="${chatId}"]`);
export const messagesIn = (page: Page, chatId: number) =>
  windowOf(page, chatId).locator("[data-testid=chat-message]");

export async function send(page: Page, chatId: number, text: string) {
  const input = windowOf(page, chatId).locator("[data-testid=chat-input]");
  await input.fill(text);
  await input.press("Enter");
}

export async function waitForText(page: Page, chatId: number, text: string) {
  await page.waitForFunction(
    ([id, expected]) =>
      [...document.querySelectorAll(
        `[data-testid=chat-window][data-chat-id="${id}"] [data-testid=chat-message]`,
      )]
        .some((m) => m.textContent?.includes(expected as string)),
    [chatId, text] as const,
    { timeout: 10_000 },
  );
}

/** Waits until the newest message of a window has the seen state `state`. */
export async function lastSeen(page: Page, chatId: number, state: string) {
  await page.waitForFunction(
    ([id, expected]) =>
      [...document.querySelectorAll(
        `[data-testid=chat-window][data-chat-id="${id}"] [data-testid=chat-message]`,
      )]
        .at(-1)?.getAttribute("data-seen") === expected,
    [chatId, state] as const,
    { timeout: 10_000 },
  );
}

/**
 * Accessibility suite (issue 25, defect 10): axe-core (pinned in package.json) finds no WCAG 2.1 A/AA violation
 * on any page for any demo account, nor with the main dialogs and the chat open; every dialog gives the focus
 * back to what opened it, and Escape closes the chat's panels.
 */
import type { BrowserContext, Page } from "playwright-core";
import { assertEquals } from "../assert.ts";
import { axeViolations, type Violation } from "./axe.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

/** Every page, once per account (a page not theirs answers 403 or 404, which the suite skips). */
const PAGES = [
  "/",
  "/analytics/dashboard",
  "/analytics/foreign-students",
  "/books",
  "/chancellery",
  "/chat/event-log",
  "/hr",
  "/hr/academic-personal/details/2/routes",
  "/lang",
  "/lang/ka",
  "/mailbox",
  "/my-devices",
  "/notifications/consents",
  "/notifications/statements",
  "/online-register",
  "/permissions",
  "/permissions/access-points",
  "/permissions/jobs",
  "/permissions/menu",
  "/permissions/params",
  "/permissions/professors",
  "/permissions/roles",
  "/permissions/users",
  "/personal-vote",
  "/registration",
  "/reports",
  "/reports/leavers",
  "/reports/debtors",
  "/reports/course_lists",
  "/structure",
  "/structure/schools",
  "/structure/specials",
  "/students",
  "/students/1",
  "/tables",
  // A week of the winter break: days without lessons say so ("no lessons").
  "/tables?week=2027-01-04",
  "/user/notifications/list",
  "/user/notifications/settings",
  "/vote-form",
];

const report = (where: string, violations: Violation[]) =>
  violations.map((v) =>
    `${where}: ${v.id} (${v.help}) × ${v.nodes.length}: ${v.nodes.slice(0, 3).join(", ")}`
  );

async function pageViolations(page: Page, url: string, path: string): Promise<string[]> {
  const res = await page.goto(`${url}${path}`);
  if (!res || res.status() === 403 || res.status() === 404) return [];
  if (!res.ok()) return [`${path}: ${res.status()}`];
  // A page without islands (sign-in) has no boot script and is never "hydrated".
  await page.waitForFunction(() =>
    document.documentElement.dataset.hydrated === "true" || !document.querySelector("script[type=module]")
  );
  return report(path, await axeViolations(page));
}

/** The element that has the focus, named for a message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body
      ? (el.id || el.getAttribute("data-action") || el.outerHTML.slice(0, 80))
      : "body";
  });

/** Opens a dialog from `trigger` with the keyboard, checks it with axe, closes it with Escape: the focus returns. */
async function dialogRoundTrip(page: Page, trigger: string, expectFocusOn = trigger): Promise<string[]> {
  await page.focus(trigger);
  await page.keyboard.press("Enter");
  await page.waitForSelector("dialog[open]");
  const violations = report(`dialog from ${trigger}`, await axeViolations(page));
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("dialog[open]"));
  // The list may refresh its row when the dialog closes: wait a moment for the focus to settle on the trigger.
  const back = await page.waitForFunction(
    (selector) => document.activeElement === document.querySelector(selector),
    expectFocusOn,
    { timeout: 3_000 },
  ).then(() => true, () => false);
  return back
    ? violations
    : [...violations, `${trigger}: the focus went to ${await focused(page)}, not back`];
}

async function signedIn(context: BrowserContext, url: string, account: (typeof DEMO)[keyof typeof DEMO]) {
  const page = await context.newPage();
  await signIn(page, url, account);
  return page;
}

Deno.test({
  name: "accessibility: axe over every page and dialog, focus return, Escape",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      await t.step("the sign-in page", async () => {
        const page = await browser.newPage();
        assertEquals(await pageViolations(page, server.url, "/login"), []);
        await page.close();
      });

      // Accounts in parallel, each in its own context: each page once per account.
      await t.step("every page for every demo account: no violation", async () => {
        const found = await Promise.all(
          Object.values(DEMO).map(async (account) => {
            const context = await browser.newContext();
            const page = await signedIn(context, server.url, account);
            const violations: string[] = [];
            for (const path of PAGES) {
              violations.push(
                ...(await pageViolations(page, server.url, path)).map((v) => `${account.email} ${v}`),
              );
            }
            await context.close();
            return violations;
          }),
        );
        assertEquals(found.flat(), []);
      });

      const context = await browser.newContext();
      const page = await signedIn(context, server.url, DEMO.admin);

      await t.step("the top bar's dialogs: no violation, the focus back on the user menu", async () => {
        const found: string[] = [];
        for (const item of ["switch", "password"]) {
          await page.click("#user-menu-button");
          const index = item === "switch" ? 0 : 1;
          const button = page.locator("#user-menu-menu button[type=button]").nth(
            index + (await page.locator("#user-menu-menu button[type=button]").count() - 2),
          );
          await button.focus();
          await page.keyboard.press("Enter");
          await page.waitForSelector("dialog[open]");
          found.push(...report(`top bar dialog ${item}`, await axeViolations(page)));
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("dialog[open]"));
          // The focus returns once the dialog has closed, which may be a frame later.
          const back = await page.waitForFunction(
            () => document.activeElement?.id === "user-menu-button",
            null,
            {
              timeout: 3_000,
            },
          ).then(() => true, () => false);
          if (!back) found.push(`${item}: the focus went to ${await focused(page)}`);
        }
        assertEquals(found, []);
      });

      await t.step(
        "the course list's dialogs: no violation, the focus back on the row's button",
        async () => {
          await page.goto(`${server.url}/books`);
          await page.waitForSelector("html[data-hydrated=true]");
          const found: string[] = [];
          for (
            const action of ["edit", "conditions", "professors", "components", "syllabuses", "ruleStudents"]
          ) {
            const selector = `tbody tr:first-child button[data-action="${action}"]`;
            if (await page.locator(selector).count() === 0) {
              found.push(`no ${action} button on the first row`);
              continue;
            }
            found.push(...await dialogRoundTrip(page, selector));
          }
          assertEquals(found, []);
        },
      );

      await t.step(
        "the chat: no violation with a window open; Escape closes the list and the window",
        async () => {
          await page.click("[data-testid=chat-launcher]");
          await page.waitForSelector("[data-testid=chat-room-list] li button");
          const found = report("chat room list", await axeViolations(page));
          await page.locator("[data-testid=chat-room-list] li button").first().click();
          await page.waitForSelector("[data-testid=chat-window] [data-testid=chat-messages]");
          found.push(...report("chat window", await axeViolations(page)));
          await page.focus("[data-testid=chat-window] [data-testid=chat-messages]");
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("[data-testid=chat-window]"));
          assertEquals(
            await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
            "chat-launcher",
          );
          await page.keyboard.press("Enter");
          await page.waitForSelector("[data-testid=chat-room-list]");
          await page.locator("[data-testid=chat-room-list] button").first().focus();
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("[data-testid=chat-room-list]"));
          assertEquals(found, []);
        },
      );
      await context.close();
    }),
});

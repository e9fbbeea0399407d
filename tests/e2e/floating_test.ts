/**
 * Nothing covering the page (issue 31 point 5): on the list pages, at 1366, 760 and 390 px and with chat
 * bubbles (minimized windows) present, every row action, paginator control and floating button is the element
 * a click at its centre reaches, once it is scrolled into view — the floating chat launcher, bubbles and the
 * add button reserve their own space instead of sitting on the page's controls or on each other.
 */
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

const PAGES = ["/books", "/students", "/permissions/users"];
const WIDTHS = [1366, 760, 390];

/** The controls to reach: row actions, the paginator's, and the page's floating buttons. */
const CONTROLS = "#main tbody button, #main tbody a, #main nav button, #main nav a, #main select";

/** Each control (visible ones, up to 80) scrolled to the middle of the view and hit-tested at its centre. */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const floating = [...document.querySelectorAll<HTMLElement>("#main a, #main button")]
      .filter((el) => getComputedStyle(el).position === "fixed");
    const controls = [...document.querySelectorAll<HTMLElement>(selector), ...floating]
      // What a person can click now: shown, enabled, not inside a closed menu.
      .filter((el) =>
        el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden" &&
        !el.matches(":disabled, [aria-disabled=true]") && !el.closest("details:not([open]) > :not(summary)")
      )
      .slice(0, 80);
    const covered: string[] = [];
    for (const el of controls) {
      el.scrollIntoView({ block: "center", inline: "center" });
      await frame();
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
        const by = hit
          ? `${hit.tagName.toLowerCase()}${
            hit.getAttribute("aria-label") ? `[${hit.getAttribute("aria-label")}]` : ""
          }`
          : "nothing";
        covered.push(`${name} under ${by}`);
      }
    }
    return covered;
  }, CONTROLS);
}

Deno.test({
  name: "floating elements cover no control of the list pages",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const setup = await browser.newContext();
      const first = await setup.newPage();
      await signIn(first, base, DEMO.admin);
      // Three rooms of the demo as minimized windows (bubbles), in the tab's own storage, as a reload keeps them.
      const rooms = (await (await first.request.get(`${base}/api/chat/event-log/rooms?limit=3`)).json())
        .data as {
          id: number;
        }[];
      assert(rooms.length > 0, "the demo has chat rooms");
      const state = await setup.storageState();
      await setup.close();
      const windows = rooms.map((r, i) => ({ chatId: r.id, status: "inactive", activatedAt: i + 1 }));

      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, storageState: state });
        context.setDefaultTimeout(15_000);
        await context.addInitScript(
          (stored) => sessionStorage.setItem("chat.windows", stored),
          JSON.stringify(windows),
        );
        const page = await context.newPage();
        try {
          for (const path of PAGES) {
            await t.step(`${path} at ${width} px`, async () => {
              await page.goto(`${base}${path}`);
              await page.waitForSelector("html[data-hydrated=true]");
              if (width >= 768) await page.getByTestId("chat-bubble").first().waitFor();
              assert(await page.locator(CONTROLS).count() > 3, "the page has controls to check");
              assertEquals(await coveredControls(page), []);
            });
          }
        } finally {
          await context.close();
        }
      }
    }),
});

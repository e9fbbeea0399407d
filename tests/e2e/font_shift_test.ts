/**
 * The Georgian faces must not move the first screen when they arrive (issue 24 asked for a cumulative layout
 * shift ≤ 0.05 on mobile /books). Not a timing test: the font files are held back until the page has hydrated
 * and presented a frame drawn with the fallback face, then released, so the swap happens in every run, as on a
 * slow connection; the shifts are those Chromium reports (PerformanceObserver "layout-shift"), and the ones
 * counted here are those after the release: what the fonts moved. The page's whole shift is bounded too: closing
 * the filter panel on hydration once moved mobile /books's list up a screen (0.46), now closed from the first paint.
 */
import type { Page, Route } from "playwright-core";
import { assert } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

/** Layout shift the fonts' arrival may cause (the issue's bound for the whole page's). */
const CLS_MAX = 0.05;

/** Layout shift (not caused by input) summed since the page began, as the page's own observer counted it. */
function shiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { __shift: number }).__shift);
}

Deno.test({
  name: "the Georgian faces arriving late do not move the first screen",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withBrowser(async ({ server, browser }) => {
      const signedIn = await browser.newContext();
      const login = await signedIn.newPage();
      await signIn(login, server.url, DEMO.staff);
      const cookies = await signedIn.cookies();
      await signedIn.close();

      for (const path of ["/books", "/students", "/my-devices"]) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
        });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.addInitScript(() => {
          const state = globalThis as unknown as { __shift: number };
          state.__shift = 0;
          new PerformanceObserver((list) => {
            for (
              const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]
            ) {
              if (!entry.hadRecentInput) state.__shift += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        const held: Route[] = [];
        let release: (() => void) | null = null;
        await page.route("**/static/_build/fonts/**", (route) => {
          if (release) return route.continue();
          held.push(route);
        });
        await page.goto(`${server.url}${path}`, { waitUntil: "domcontentloaded" });
        await page.waitForSelector("html[data-hydrated=true]");
        await page.waitForSelector("main h1, main [role=grid], main table");
        // Drawn with the fallback face: a frame has been presented before any font arrives.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const beforeFonts = await shiftSoFar(page);
        release = () => {};
        const fontsAsked = held.length;
        for (const route of held.splice(0)) await route.continue();
        await page.evaluate(async () => {
          await document.fonts.ready;
          // Two frames: the swap's layout, then the observer's report of its shift.
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        });
        const total = await shiftSoFar(page);
        console.log(
          `${path} at 390 px: ${fontsAsked} font files held; layout shift before the fonts ${
            beforeFonts.toFixed(3)
          }, in all ${total.toFixed(3)}`,
        );
        assert(fontsAsked > 0, `${path} asked for no font file: the test would prove nothing`);
        const byFonts = total - beforeFonts;
        assert(byFonts <= CLS_MAX, `${path}: the fonts' arrival shifted the layout by ${byFonts.toFixed(3)}`);
        assert(total <= CLS_MAX, `${path}: the layout shifted by ${total.toFixed(3)} in all`);
        await context.close();
      }
    }),
});

/**
 * The shell's live parts in a real browser (issue 8): the professor statement dialog once per session, the
 * poll alert at start-up and every minute (Playwright's fake clock), the menu badges and their refresh, the
 * Zoom and observing checkboxes, and a translation edited on the language screen reaching pages and islands.
 */
import type { BrowserContext, Page, Response as PageResponse } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { waitUntil } from "../wait_until.ts";
import { type Credentials, DEMO, nextFrame, requestedAfterwards, signIn, withBrowser } from "./harness.ts";

const POLLS_PATH = "/api/shell/polls/waiting";
const STATEMENT_PATH = "/api/shell/professor-statement";

Deno.test({
  name: "shell live parts in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const contexts: BrowserContext[] = [];
      const errors: string[] = [];
      const session = async (
        account: Credentials,
        opts: { statementDialog?: boolean; beforeSignIn?: (page: Page) => Promise<void> } = {},
      ) => {
        const context = await browser.newContext();
        contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        page.on("pageerror", (e) => errors.push(e.message));
        await opts.beforeSignIn?.(page);
        await signIn(page, base, account, { statementDialog: opts.statementDialog });
        return page;
      };
      /** Resolves once the page's shell has run its start-up checks (the poll alert's first call answered). */
      const checksRan = (page: Page) => page.waitForResponse((r) => r.url().includes(POLLS_PATH));

      try {
        await t.step(
          "the professor statement dialog (500 px) opens once per session while unchecked",
          async () => {
            const page = await session(DEMO.prof, { statementDialog: true });
            const dialog = page.locator("dialog#professor-statement");
            await dialog.waitFor({ state: "visible" });
            const box = await dialog.boundingBox();
            assert(box && Math.abs(box.width - 500) <= 1, `width ${box?.width}`);
            await dialog.getByRole("button", { name: "მოგვიანებით" }).click();
            await dialog.waitFor({ state: "hidden" });

            // The same session: a full reload does not open it again. The shell asks for the statement in the
            // same turn as it starts the poll check, so once that check has answered, no question was asked.
            const asked: string[] = [];
            page.on("request", (r) => r.url().includes(STATEMENT_PATH) && asked.push(r.url()));
            const ran = checksRan(page);
            await page.reload();
            await page.waitForSelector("html[data-hydrated=true]");
            await ran;
            assertEquals(asked, []);
            assertEquals(await dialog.count(), 0);

            // A new session asks again; confirming ends it for good.
            const second = await session(DEMO.prof, { statementDialog: true });
            const again = second.locator("dialog#professor-statement");
            await again.waitFor({ state: "visible" });
            await again.getByTestId("statement-confirm").click();
            await again.waitFor({ state: "hidden" });
            await second.getByText("განცხადება დადასტურებულია").waitFor();

            // A third session asks and hears that the statement is confirmed: the dialog stays closed.
            let answered: Promise<PageResponse> | null = null;
            const third = await session(DEMO.prof, {
              statementDialog: true,
              beforeSignIn: (p) =>
                Promise.resolve(void (answered = p.waitForResponse((r) => r.url().includes(STATEMENT_PATH)))),
            });
            assertEquals(await (await answered!).json(), { isChecked: true });
            assertEquals(await third.locator("dialog#professor-statement").count(), 0);
          },
        );

        await t.step("the poll alert checks at start-up and every 60,000 ms (fake clock)", async () => {
          let checks = 0;
          const page = await session(DEMO.staff, {
            beforeSignIn: async (p) => {
              await p.clock.install();
              p.on("request", (r) => {
                if (r.url().includes(POLLS_PATH)) checks++;
              });
            },
          });
          const alert = page.getByTestId("poll-alert");
          await alert.waitFor();
          await waitUntil(() => checks === 1, "the start-up check");
          await page.clock.runFor(59_000);
          await requestedAfterwards(page);
          assertEquals(checks, 1, "no second check before a minute");
          await page.clock.runFor(1_000);
          await waitUntil(() => checks === 2, "the check after one minute");
          await page.clock.runFor(60_000);
          await waitUntil(() => checks === 3, "the check after two minutes");
          await alert.getByRole("button").click();
          const link = page.locator("#poll-alert-menu a", { hasText: "პერსონალის კმაყოფილების კვლევა" });
          assertEquals(await link.getAttribute("href"), "/poll-response?poll=2");
        });

        await t.step("menu badges load after hydration and refresh when the boxes are read", async () => {
          const page = await session(DEMO.staff);
          const inbox = page.getByTestId("menu-badge-inbox");
          const chancellery = page.getByTestId("menu-badge-chancellery");
          await inbox.waitFor({ state: "attached" });
          assertEquals(await inbox.textContent(), "3");
          assertEquals(await chancellery.textContent(), "2");
          // The server HTML carries no counts (the menu's HTML is cached and the same for everyone).
          const html = await (await page.request.get(`${base}/hr`)).text();
          assert(!html.includes("menu-badge-inbox"));

          await page.goto(`${base}/mailbox`);
          await page.waitForSelector("html[data-hydrated=true]");
          await inbox.waitFor({ state: "attached" });
          await page.getByRole("button", { name: "ყველას წაკითხულად მონიშვნა" }).click();
          await inbox.waitFor({ state: "detached" });
          assertEquals(await chancellery.textContent(), "2");

          await page.goto(`${base}/chancellery`);
          await page.waitForSelector("html[data-hydrated=true]");
          await chancellery.waitFor({ state: "attached" });
          await page.getByRole("button", { name: "კანცელარიის შემოწმება" }).click();
          await chancellery.waitFor({ state: "detached" });
        });

        await t.step("Zoom checkbox for academic staff, observing checkbox for observers", async () => {
          const prof = await session(DEMO.prof);
          // The Zoom row appears when the status answers, held back here: no item above it may move meanwhile
          // (a click on "switch account" would land on the checkbox that took its place).
          let answer!: () => void;
          const answered = new Promise<void>((resolve) => answer = resolve);
          await prof.route("**/shell/zoom", async (route) => {
            await answered;
            await route.continue();
          });
          await prof.click("#user-menu-button");
          const switchAccount = prof.getByRole("button", { name: "ანგარიშის შეცვლა" });
          const before = await switchAccount.boundingBox();
          answer();
          const zoom = prof.getByTestId("zoom-online");
          await zoom.waitFor();
          assertEquals(await switchAccount.boundingBox(), before);
          await prof.unroute("**/shell/zoom");
          assertEquals(await zoom.isChecked(), false);
          assertEquals(await prof.getByTestId("observing").count(), 0);
          await zoom.check();
          await prof.getByText("წარმატებით განახლდა").waitFor();
          await prof.reload();
          await prof.waitForSelector("html[data-hydrated=true]");
          await prof.click("#user-menu-button");
          await prof.getByTestId("zoom-online").waitFor();
          assertEquals(await prof.getByTestId("zoom-online").isChecked(), true);

          const admin = await session(DEMO.admin);
          await admin.click("#user-menu-button");
          const observing = admin.getByTestId("observing");
          await observing.waitFor();
          assertEquals(await admin.getByTestId("zoom-online").count(), 0);
          await observing.check();
          await admin.getByText("წარმატებით განახლდა").waitFor();

          const staff = await session(DEMO.staff);
          // The menu's live checkboxes appear once /api/auth/me has answered whether the person observes.
          const liveState = staff.waitForResponse((r) => r.url().endsWith("/api/auth/me"));
          await staff.click("#user-menu-button");
          await staff.locator("#user-menu-menu a").first().waitFor();
          await liveState;
          await nextFrame(staff);
          assertEquals(await staff.getByTestId("zoom-online").count(), 0);
          assertEquals(await staff.getByTestId("observing").count(), 0);
        });

        await t.step("a translation edited on the language screen reaches pages and islands", async () => {
          const admin = await session(DEMO.admin);
          await admin.goto(`${base}/lang/ka?side=admin_side&q=shell.logout`);
          await admin.waitForSelector("html[data-hydrated=true]");
          const input = admin.locator('input[data-key="shell.logout"]');
          await input.fill("სისტემიდან გასვლა");
          await input.press("Enter");
          await admin.getByText("თარგმანი შენახულია").waitFor();
          // Another person's next page: the user menu (an island, translated in the browser) shows the edit.
          const staff = await session(DEMO.staff);
          await staff.click("#user-menu-button");
          await staff.getByRole("button", { name: "სისტემიდან გასვლა" }).waitFor();
        });

        assertEquals(errors, []);
      } finally {
        for (const context of contexts) await context.close().catch(() => {});
      }
    }),
});

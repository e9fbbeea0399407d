/**
 * The "done when" in a real browser: the administrator creates a role, grants it the learning-course
 * keys, creates a user with that role (reading the one-time password from the dialog); that user signs in in
 * another browser context and sees the learning-courses menu item; the change shows in the history.
 */
import type { BrowserContext, Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;
const ROLE = "E2E course editors";
const EMAIL = "e2e.editor@uni.test";

Deno.test({
  name: "permissions screen in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const contexts: BrowserContext[] = [];
      async function newPage(): Promise<Page> {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(STEP_TIMEOUT_MS);
        contexts.push(context);
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        return page;
      }
      const admin = await newPage();
      let password = "";

      try {
        await t.step(
          "tabs: admin sees the five tabs (users, professors, roles, parameters, background jobs); dev mode adds menu and access points",
          async () => {
            await signIn(admin, base, DEMO.admin);
            await admin.goto(`${base}/permissions`);
            assertEquals(new URL(admin.url()).pathname, "/permissions/users");
            const tabs = await admin.locator("[role=tab]").allTextContents();
            assertEquals(tabs.length, 5);
            await admin.click("#permissions-dev-switch");
            await admin.waitForSelector("#permissions-tab-access-points");
            await admin.click("#permissions-tab-access-points");
            await admin.waitForFunction(() =>
              document.querySelectorAll("#permissions-panel tbody tr").length > 20
            );
          },
        );

        await t.step("admin creates a role and grants it the learning-course keys", async () => {
          await admin.goto(`${base}/permissions/roles`);
          await admin.waitForSelector("html[data-hydrated=true]");
          await admin.click("#role-add");
          await admin.fill("#role-new-name", ROLE);
          await admin.click("#role-add-dialog button[type=submit]");
          await admin.waitForFunction((name) => {
            const current = document.querySelector("[aria-current=true]");
            return current?.textContent?.includes(name);
          }, ROLE);
          // Staff land on /hr (services/shell/landing.ts), so the role also opens the HR module.
          await admin.check('#role-form input[value="menu.hr"]');
          await admin.check('#role-form input[value="menu.learningProcesses.learningCourses"]');
          assert(
            await admin.isChecked('#role-form input[value="menu.learningProcesses.learningCourses.edit"]'),
          );
          const [saved] = await Promise.all([
            admin.waitForResponse((r) => r.url().includes("/api/roles/") && r.request().method() === "PUT"),
            admin.click("#role-form button[type=submit]"),
          ]);
          assertEquals(saved.status(), 200);
        });

        await t.step("admin creates a user with that role and reads the one-time password", async () => {
          await admin.goto(`${base}/permissions/users`);
          await admin.waitForSelector("html[data-hydrated=true]");
          await admin.click("#account-add");
          await admin.fill("#account-email", EMAIL);
          await admin.fill("#account-name", "ელენე ხუციშვილი");
          await admin.fill("#account-nameEn", "Elene Khutsishvili");
          await admin.click("#account-roles");
          await admin.getByLabel(ROLE, { exact: true }).check();
          await admin.click("#account-form button[type=submit]");
          const shown = admin.getByTestId("one-time-password");
          await shown.waitFor();
          password = (await shown.textContent() ?? "").trim();
          assertEquals(password.length, 8);
          await admin.keyboard.press("Escape");
        });

        await t.step("the new user signs in elsewhere and sees the learning-courses menu item", async () => {
          const user = await newPage();
          await signIn(user, base, { email: EMAIL, password });
          await user.waitForSelector("[data-testid=side-menu] a[data-menu-id='201']", { state: "attached" });
          assertEquals(await user.locator("[data-testid=side-menu] a[data-menu-id='501']").count(), 0);
          assertEquals(await user.locator("[data-testid=side-menu] a[data-menu-id='200']").count(), 0);
        });

        await t.step("the change shows in the account's history", async () => {
          await admin.goto(`${base}/permissions/users?text=${encodeURIComponent(EMAIL)}`);
          await admin.waitForSelector("html[data-hydrated=true]");
          await admin.getByRole("button", { name: new RegExp(`: ${EMAIL}$`) }).first().click();
          const table = admin.getByTestId("history-table");
          await table.waitFor();
          const text = await table.textContent() ?? "";
          assert(text.includes(ROLE), text);
          assert(text.includes(EMAIL), text);
        });

        assertEquals(errors, []);
      } finally {
        for (const context of contexts) await context.close();
      }
    }),
});

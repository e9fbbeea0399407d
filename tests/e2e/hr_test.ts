/**
 * The personnel screens in a real browser: the administrator adds a person through the dialog (with a field
 * error first); the registrar, who may only read, switches tabs, searches through the URL (the back button
 * returns to the previous list), opens the profile; wrong-kind addresses redirect, unknown ids are 404.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { type Credentials, DEMO, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 10_000;

Deno.test({
  name: "personnel (HR) screens in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const contexts: BrowserContext[] = [];

      async function signedIn(b: Browser, account: Credentials): Promise<Page> {
        const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(STEP_TIMEOUT_MS);
        contexts.push(context);
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        await signIn(page, base, account);
        return page;
      }

      const rowNames = (page: Page) =>
        page.locator("[role=tabpanel] table tbody td a[href^='/hr/']").allTextContents();

      try {
        let profileUrl = "";
        const admin = await signedIn(browser, DEMO.admin);

        await t.step(
          "the administrator adds a person: a field error first, then the new profile",
          async () => {
            await admin.goto(`${base}/hr?kind=administrative`);
            await admin.waitForSelector("html[data-hydrated=true]");
            await admin.getByRole("button", { name: "პირის დამატება" }).click();
            const form = admin.locator("dialog#hr-form");
            await form.waitFor({ state: "visible" });
            // The tab's kind is preselected for a new record.
            assertEquals(await admin.locator("#hr-form-kind").inputValue(), "administrative");
            await admin.fill("#hr-form-position", "ლაბორანტი");
            await admin.fill("#hr-form-firstNameKa", "ზურაბ");
            await admin.fill("#hr-form-lastNameKa", "ზურაბიშვილი");
            await admin.fill("#hr-form-firstNameEn", "ზურაბ");
            await admin.fill("#hr-form-lastNameEn", "Zurabishvili");
            await admin.fill("#hr-form-email", "z.zurabishvili@uni.test");
            await admin.fill("#hr-form-phone", "+995 555 12 34 56");
            await form.locator("button[type=submit]").click();
            // The Latin-name field gets its error in Georgian; nothing was saved.
            const error = admin.locator("#hr-form-firstNameEn-error");
            await error.waitFor();
            assertMatch(await error.textContent() ?? "", /ლათინურ/);
            assertEquals(await admin.locator("#hr-form-firstNameEn").getAttribute("aria-invalid"), "true");
            await admin.fill("#hr-form-firstNameEn", "Zurab");
            await Promise.all([
              admin.waitForURL(/\/hr\/administrative-personal\/details\/\d+\/routes$/),
              form.locator("button[type=submit]").click(),
            ]);
            const profile = admin.getByTestId("hr-profile");
            await profile.waitFor();
            assertEquals(await profile.locator("h1").textContent(), "ზურაბ ზურაბიშვილი");
            assertMatch(await profile.textContent() ?? "", /\+995 555 12 34 56/);
            profileUrl = admin.url();
          },
        );

        const staff = await signedIn(browser, DEMO.staff);

        await t.step("the registrar sees the list without add or edit controls", async () => {
          assertEquals(new URL(staff.url()).pathname, "/hr");
          assertEquals(
            await staff.getByRole("tab", { selected: true }).textContent(),
            "აკადემიური პერსონალი",
          );
          assert((await rowNames(staff)).length > 0, "the academic tab lists the demo professors");
          assertEquals(await staff.getByRole("button", { name: "პირის დამატება" }).count(), 0);
          assertEquals(await staff.locator("[role=tabpanel] table button").count(), 0);
        });

        await t.step(
          "tabs and the search live in the URL; the back button returns to the last list",
          async () => {
            await staff.getByRole("tab", { name: "ადმინისტრაციული პერსონალი" }).click();
            await staff.waitForURL(`${base}/hr?kind=administrative`);
            assertEquals(
              await staff.getByRole("tab", { selected: true }).textContent(),
              "ადმინისტრაციული პერსონალი",
            );
            const everyone = await rowNames(staff);
            assert(everyone.length > 1, `administrative staff: ${everyone}`);

            await staff.fill("#hr-search-text", "zurabishvili");
            await staff.locator("[data-testid=hr-search] button[type=submit]").click();
            // The form's fields are the query: an empty school filter is simply `schoolId=`.
            await staff.waitForURL((url) =>
              url.pathname === "/hr" && url.searchParams.get("kind") === "administrative" &&
              url.searchParams.get("text") === "zurabishvili"
            );
            assertEquals(await rowNames(staff), ["ზურაბ ზურაბიშვილი"]);
            assertEquals(await staff.locator("#hr-search-text").inputValue(), "zurabishvili");

            await staff.goBack();
            await staff.waitForURL(`${base}/hr?kind=administrative`);
            await staff.waitForFunction(
              (n) => document.querySelectorAll("[role=tabpanel] tbody tr").length === n,
              everyone.length,
            );
            // The search URL itself is a bookmark: opened directly it shows the same row.
            await staff.goto(`${base}/hr?kind=administrative&text=ლაბორანტი`);
            assertEquals(await rowNames(staff), ["ზურაბ ზურაბიშვილი"]);
            const none = await staff.goto(`${base}/hr?kind=academic&text=zurabishvili`);
            assert(none?.ok());
            assertMatch(await staff.locator("[role=tabpanel] tbody").textContent() ?? "", /ვერავინ მოიძებნა/);
          },
        );

        await t.step(
          "a name opens the profile; a wrong kind in the address redirects; unknown ids are 404",
          async () => {
            await staff.goto(`${base}/hr?kind=administrative&text=zurabishvili`);
            await staff.waitForSelector("html[data-hydrated=true]");
            await staff.getByRole("link", { name: "ზურაბ ზურაბიშვილი" }).click();
            await staff.waitForURL(profileUrl);
            const profile = staff.getByTestId("hr-profile");
            await profile.waitFor();
            assertMatch(await profile.textContent() ?? "", /Zurab Zurabishvili/);
            assertEquals(await staff.getByRole("button", { name: "რედაქტირება" }).count(), 0);

            await staff.goto(profileUrl.replace("administrative-personal", "academic-personal"));
            assertEquals(staff.url(), profileUrl);
            const missing = await staff.goto(`${base}/hr/academic-personal/details/999999/routes`);
            assertEquals(missing?.status(), 404);
          },
        );

        await t.step("a professor's profile lists this semester's courses from the timetable", async () => {
          const prof = await signedIn(browser, DEMO.prof);
          // The user menu's profile link leads to the person's own record.
          await prof.click("#user-menu-button");
          await prof.locator("#user-menu-menu a[href*='-personal/details/']").click();
          await prof.waitForURL(/\/hr\/academic-personal\/details\/\d+\/routes$/);
          const profile = prof.getByTestId("hr-profile");
          await profile.waitFor();
          assertMatch(await profile.locator("h2#hr-teaching").textContent() ?? "", /სემესტრის კურსები/);
        });

        await t.step("the administrator edits the position from the profile", async () => {
          await admin.goto(profileUrl);
          await admin.waitForSelector("html[data-hydrated=true]");
          await admin.getByRole("button", { name: "რედაქტირება" }).click();
          await admin.fill("#hr-form-position", "უფროსი ლაბორანტი");
          await admin.locator("dialog#hr-form").locator("button[type=submit]").click();
          await admin.getByTestId("hr-profile").getByText("უფროსი ლაბორანტი").first().waitFor();
          assertEquals(admin.url(), profileUrl);
        });

        await t.step(
          "the administrator edits a person from the list: the form holds the stored record, and the row changes",
          async () => {
            await admin.goto(`${base}/hr?kind=administrative&text=zurabishvili`);
            await admin.waitForSelector("html[data-hydrated=true]");
            // The page carries no copy of the rows for the form: the record is read when the edit is asked for.
            const props = await admin.locator("#__islands").textContent() ?? "";
            assertEquals(props.includes("zurabishvili"), false, "no row data in the island props");
            await admin.getByRole("button", { name: "რედაქტირება: ზურაბ ზურაბიშვილი" }).click();
            const form = admin.locator("dialog#hr-form");
            await form.waitFor();
            assertEquals(await admin.locator("#hr-form-email").inputValue(), "z.zurabishvili@uni.test");
            assertEquals(await admin.locator("#hr-form-position").inputValue(), "უფროსი ლაბორანტი");
            await admin.fill("#hr-form-position", "ლაბორატორიის ხელმძღვანელი");
            await form.locator("button[type=submit]").click();
            await form.waitFor({ state: "hidden" });
            await admin.locator("[role=tabpanel] tbody").getByText("ლაბორატორიის ხელმძღვანელი").waitFor();
          },
        );

        assertEquals(errors, []);
      } finally {
        for (const context of contexts) await context.close();
      }
    }),
});

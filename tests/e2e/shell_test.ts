/**
 * The application shell in a real browser: sign-in and sign-out for every demo account, the route guard,
 * the side menu, the top bar (language, countdown, password change, account switching) and the mobile
 * sidenav. One server for the whole file; a new browser context per person.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { type Credentials, DEMO, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 10_000;

/** Every `data-menu-id` of the side menu's links, in menu order (links of closed groups included). */
function menuLinkIds(page: Page): Promise<number[]> {
  return page.locator("[data-testid=side-menu] a[data-menu-id]").evaluateAll((links) =>
    links.map((a) => Number(a.getAttribute("data-menu-id")))
  );
}

/** Ids of the side menu's group buttons (`#menu-group-20` → 20), in menu order. */
function menuGroupIds(page: Page): Promise<number[]> {
  return page.locator("[data-testid=side-menu] button[id^=menu-group-]").evaluateAll((buttons) =>
    buttons.map((b) => Number(b.id.replace("menu-group-", "")))
  );
}

function expanded(page: Page, group: number): Promise<string | null> {
  return page.locator(`#menu-group-${group}`).getAttribute("aria-expanded");
}

/** The countdown in seconds (hh:mm:ss; hours may exceed 24). */
function seconds(text: string): number {
  const [h, m, s] = text.split(":").map(Number);
  return h * 3600 + m * 60 + s;
}

async function countdown(page: Page): Promise<string> {
  return (await page.getByTestId("session-countdown").textContent() ?? "").trim();
}

Deno.test({
  name: "application shell in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const contexts: BrowserContext[] = [];

      /** A fresh browser context (own cookies and storage) with one page whose script errors are collected. */
      async function newPage(b: Browser, options: { width?: number; height?: number } = {}) {
        const context = await b.newContext({
          viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        });
        context.setDefaultTimeout(STEP_TIMEOUT_MS);
        contexts.push(context);
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        return { context, page };
      }

      async function signedIn(account: Credentials, landing: string, options?: { width?: number }) {
        const opened = await newPage(browser, options);
        await signIn(opened.page, base, account);
        assertEquals(new URL(opened.page.url()).pathname, landing);
        return opened;
      }

      async function openUserMenu(page: Page) {
        // The menu is an island: a click before it hydrates opens nothing.
        await page.waitForSelector("html[data-hydrated=true]");
        await page.click("#user-menu-button");
        await page.locator("#user-menu-menu").waitFor({ state: "visible" });
      }

      try {
        await t.step("a wrong password shows the error, and /login ships no script", async () => {
          const { page } = await newPage(browser);
          const scripts: string[] = [];
          page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
          const response = await page.goto(`${base}/login`);
          assert(response?.ok(), `GET /login answered ${response?.status()}`);
          assertEquals(/<script/i.test(await response!.text()), false);
          assertEquals(await page.locator("html").getAttribute("lang"), "ka");

          await page.fill("#login-email", DEMO.staff.email);
          await page.fill("#login-password", "not-the-password");
          await Promise.all([page.waitForEvent("load"), page.click("form button[type=submit]")]);
          const alert = page.locator("[role=alert]");
          await alert.waitFor();
          assertEquals((await alert.textContent())?.trim(), "ელ. ფოსტა ან პაროლი არასწორია");
          assertEquals(new URL(page.url()).pathname, "/login");
          // The email is kept, the password is not.
          assertEquals(await page.inputValue("#login-email"), DEMO.staff.email);
          assertEquals(await page.inputValue("#login-password"), "");

          // The language links set the cookie and come back to the login page, now in English.
          await page.getByRole("link", { name: "English" }).click();
          await page.waitForSelector("html[lang=en]");
          assertEquals(new URL(page.url()).pathname, "/login");
          await page.fill("#login-email", DEMO.staff.email);
          await page.fill("#login-password", "still-not-the-password");
          await Promise.all([page.waitForEvent("load"), page.click("form button[type=submit]")]);
          assertEquals(
            (await page.locator("[role=alert]").textContent())?.trim(),
            "The email or password is wrong",
          );

          assertEquals(await page.locator("script").count(), 0);
          assertEquals(scripts, []);
        });

        const accounts: {
          name: keyof typeof DEMO;
          landing: string;
          links: number[];
          groups: number[];
          current: number | null;
          openGroup: number | null;
        }[] = [
          {
            name: "admin",
            landing: "/students",
            links: [
              10,
              11,
              // The student lifecycle group (issue 23): admissions, school leavers, alumni, mobility.
              401,
              402,
              403,
              404,
              200,
              201,
              202,
              203,
              204,
              205,
              33,
              34,
              35,
              36,
              501,
              502,
              80,
              171,
              301,
              302,
              303,
              304,
              305,
              511,
              512,
              700,
              800,
            ],
            groups: [40, 20, 30, 50, 300, 500],
            current: 11,
            openGroup: null,
          },
          {
            name: "staff",
            landing: "/hr",
            links: [
              10,
              11,
              401,
              402,
              403,
              404,
              200,
              201,
              202,
              204,
              205,
              33,
              34,
              35,
              36,
              80,
              301,
              302,
              303,
              304,
              305,
              511,
              700,
            ],
            groups: [40, 20, 30, 300, 500],
            current: null,
            openGroup: null,
          },
          {
            name: "limited",
            landing: "/hr",
            links: [10, 201, 35, 36],
            groups: [20, 30],
            current: null,
            openGroup: null,
          },
          {
            name: "prof",
            landing: "/lists/list",
            links: [10, 202, 35, 36, 80, 601],
            groups: [20, 30],
            current: 202,
            openGroup: 20,
          },
          {
            name: "student",
            landing: "/tables",
            // 204: registration and 206: their grades, in the learning-process group.
            links: [204, 206, 35, 36, 80],
            groups: [20, 30],
            current: 80,
            openGroup: null,
          },
        ];

        for (const account of accounts) {
          await t.step(
            `${account.name} signs in on ${account.landing}, sees its menu and signs out`,
            async () => {
              const { context, page } = await signedIn(DEMO[account.name], account.landing);
              assertEquals(await menuLinkIds(page), account.links);
              assertEquals(await menuGroupIds(page), account.groups);
              const current = await page.locator("[data-testid=side-menu] a[aria-current=page]").evaluateAll((
                links,
              ) => links.map((a) => Number(a.getAttribute("data-menu-id"))));
              assertEquals(current, account.current === null ? [] : [account.current]);
              for (const group of account.groups) {
                assertEquals(await expanded(page, group), group === account.openGroup ? "true" : "false");
              }
              // `/` is the same landing page.
              await page.goto(`${base}/`);
              assertEquals(new URL(page.url()).pathname, account.landing);

              await openUserMenu(page);
              await Promise.all([
                page.waitForURL(`${base}/login`),
                page.locator("#user-menu-menu form[action='/logout'] button[type=submit]").click(),
              ]);
              // Going back, or anywhere in the shell, now leads to the login page.
              await page.goBack();
              await page.waitForURL((url) => url.pathname === "/login");
              assertEquals(await page.locator("[data-testid=top-bar]").count(), 0);
              await page.goto(`${base}${account.landing}`);
              assertEquals(page.url(), `${base}/login?next=${encodeURIComponent(account.landing)}`);
              await context.close();
            },
          );
        }

        // The staff member's context serves the next few steps.
        let staff!: Page;

        await t.step("an unauthenticated deep link goes to /login and comes back after sign-in", async () => {
          const { page } = await newPage(browser);
          staff = page;
          await page.goto(`${base}/books?tab=sub`);
          assertEquals(page.url(), `${base}/login?next=%2Fbooks%3Ftab%3Dsub`);
          await signIn(page, base, DEMO.staff);
          assertEquals(page.url(), `${base}/books?tab=sub`);
          // The group holding the current path is open on load, its item marked current.
          assertEquals(await expanded(page, 20), "true");
          assertEquals(await page.locator("a[data-menu-id='201']").getAttribute("aria-current"), "page");
          // Signed in, /login sends the person on.
          await page.goto(`${base}/login`);
          assertEquals(new URL(page.url()).pathname, "/hr");
          await page.goBack();
          await page.waitForURL(`${base}/books?tab=sub`);
          await page.waitForSelector("html[data-hydrated=true]");
        });

        await t.step("the session countdown shows hh:mm:ss and counts down from 8 hours", async () => {
          const first = await countdown(staff);
          assertMatch(first, /^\d{2}:\d{2}:\d{2}$/);
          const left = seconds(first);
          assert(left <= 8 * 3600 && left > 8 * 3600 - 120, `an 8-hour session shows ${first}`);
          await staff.waitForFunction(
            (before) => {
              const text = document.querySelector("[data-testid=session-countdown]")?.textContent?.trim() ??
                "";
              return /^\d{2}:\d{2}:\d{2}$/.test(text) && text < before;
            },
            first,
            { timeout: 5_000 },
          );
          const second = await countdown(staff);
          assert(seconds(second) < left, `${second} is not less than ${first}`);
          assert(left - seconds(second) <= 5, `${first} → ${second} jumped`);
        });

        await t.step("the language switch keeps the page and the menu follows it", async () => {
          const page = staff;
          assertEquals(
            (await page.locator("a[data-menu-id='201']").textContent())?.trim(),
            "სასწავლო კურსები",
          );
          await page.click("#language-menu-button");
          await Promise.all([
            page.waitForEvent("load"),
            page.locator("#language-menu-menu button[lang=en]").click(),
          ]);
          await page.waitForSelector("html[lang=en][data-hydrated=true]");
          assertEquals(page.url(), `${base}/books?tab=sub`);
          assertEquals(
            (await page.locator("a[data-menu-id='201']").textContent())?.trim(),
            "Learning courses",
          );
          assertMatch(await page.locator("#menu-group-20").textContent() ?? "", /Learning process/);
          assertEquals(await page.title(), "UniAdmin > Learning courses");
          assertEquals(await page.evaluate(() => localStorage.getItem("lang")), "en");
          // The choice sticks across pages.
          await page.goto(`${base}/hr`);
          assertEquals(await page.locator("html").getAttribute("lang"), "en");
          // A click on the language button before its island hydrates opens nothing.
          await page.waitForSelector("html[data-hydrated=true]");

          await page.click("#language-menu-button");
          await Promise.all([
            page.waitForEvent("load"),
            page.locator("#language-menu-menu button[lang=ka]").click(),
          ]);
          await page.waitForSelector("html[lang=ka][data-hydrated=true]");
          assertEquals(page.url(), `${base}/hr`);
          assertEquals(
            (await page.locator("a[data-menu-id='201']").textContent())?.trim(),
            "სასწავლო კურსები",
          );
        });

        await t.step(
          "only one menu group is open at a time; the current path's group opens on load",
          async () => {
            const { page } = await signedIn(DEMO.admin, "/students");
            for (const group of [40, 20, 30, 50, 300, 500]) {
              assertEquals(await expanded(page, group), "false");
            }
            await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

            await page.click("#menu-group-30");
            assertEquals(await expanded(page, 30), "true");
            await page.locator("#menu-group-30-items").waitFor({ state: "visible" });
            await page.click("#menu-group-20");
            assertEquals(await expanded(page, 20), "true");
            assertEquals(await expanded(page, 30), "false");
            await page.locator("#menu-group-30-items").waitFor({ state: "hidden" });
            // Clicking the open group closes it.
            await page.click("#menu-group-20");
            assertEquals(await expanded(page, 20), "false");
            await page.click("#menu-group-20");

            // A menu link navigates on the client: the shell keeps its state and marks the new current item.
            await page.click("a[data-menu-id='201']");
            await page.waitForURL(`${base}/books`);
            await page.waitForFunction(() =>
              document.querySelector("a[data-menu-id='201']")?.getAttribute("aria-current") === "page"
            );
            assertEquals(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 7);
            assertEquals(await expanded(page, 20), "true");
            assertEquals(await page.locator("a[data-menu-id='11']").getAttribute("aria-current"), null);
            // Every item shows its icon (a picture from the stylesheet, painted in the icon's colour) through
            // hydration, the groups opening and closing, and client navigation.
            // The icon is the item's ::before box, so it is measured there.
            const icons = await page.locator("[data-testid=side-menu] [data-icon]").evaluateAll((items) =>
              items.filter((item) => item.checkVisibility()).map((item) => {
                const style = getComputedStyle(item, "::before");
                return {
                  image: style.maskImage || style.webkitMaskImage,
                  width: style.width,
                  height: style.height,
                };
              })
            );
            const drawn = icons.filter((i) =>
              i.image.startsWith('url("data:image/svg+xml') && i.width === "16px" && i.height === "16px"
            );
            assert(
              icons.length > 10 && drawn.length === icons.length,
              `${drawn.length} of ${icons.length} drawn`,
            );

            // A full load opens the group of the current path and no other.
            for (
              const [path, group, item] of [
                ["/sms", 30, 34],
                ["/finances-second/events", 300, 303],
                ["/alumni", 40, 403],
              ] as const
            ) {
              await page.goto(`${base}${path}`);
              await page.waitForSelector("html[data-hydrated=true]");
              for (const other of [40, 20, 30, 50, 300, 500]) {
                assertEquals(
                  await expanded(page, other),
                  other === group ? "true" : "false",
                  `${path}: ${other}`,
                );
              }
              assertEquals(
                await page.locator(`a[data-menu-id='${item}']`).getAttribute("aria-current"),
                "page",
              );
            }
          },
        );

        await t.step(
          "at 375 px the sidenav is closed; the menu button opens it; pinned it stays open",
          async () => {
            const { page } = await signedIn(DEMO.staff, "/hr", { width: 375 });
            const sidenav = page.locator("aside[data-testid=sidenav]");
            const right = () => sidenav.evaluate((el) => el.getBoundingClientRect().right);
            const left = () => sidenav.evaluate((el) => el.getBoundingClientRect().left);
            assertEquals(await sidenav.getAttribute("data-open"), "false");
            assert(await right() <= 0, "the closed sidenav is on screen");

            const menuButton = page.getByRole("button", { name: "მენიუს გახსნა" });
            assert(await menuButton.isVisible(), "no menu button at 375 px");
            await menuButton.click();
            assertEquals(await sidenav.getAttribute("data-open"), "true");
            await page.waitForFunction(() =>
              document.querySelector("aside[data-testid=sidenav]")!.getBoundingClientRect().left === 0
            );

            await page.click("#menu-group-20");
            await page.click("a[data-menu-id='201']");
            await page.waitForURL(`${base}/books`);
            await page.waitForSelector("aside[data-testid=sidenav][data-open=false]");
            await page.waitForFunction(() =>
              document.querySelector("aside[data-testid=sidenav]")!.getBoundingClientRect().right <= 0
            );

            await menuButton.click();
            await page.waitForSelector("aside[data-testid=sidenav][data-open=true]");
            const pin = sidenav.getByRole("button", { name: "ჩამაგრება" });
            await pin.click();
            assertEquals(
              await sidenav.getByRole("button", { name: "მოხსნა" }).getAttribute("aria-pressed"),
              "true",
            );
            // The lists item opens the professor's lists page (/lists redirects there).
            await page.click("a[data-menu-id='202']");
            await page.waitForURL(`${base}/lists/list`);
            await page.waitForFunction(() =>
              document.querySelector("a[data-menu-id='202']")?.getAttribute("aria-current") === "page"
            );
            assertEquals(await sidenav.getAttribute("data-open"), "true");
            assertEquals(await left(), 0);
          },
        );

        await t.step("account switching: prof → limited lands on /hr/calendar", async () => {
          const { page } = await signedIn(DEMO.prof, "/lists/list");
          await openUserMenu(page);
          await page.locator("#user-menu-menu").getByRole("button", { name: "ანგარიშის შეცვლა" }).click();
          const dialog = page.locator("dialog#switch-account");
          await dialog.waitFor({ state: "visible" });
          const row = dialog.locator("li", { hasText: DEMO.limited.email });
          await row.waitFor();
          assertEquals(await dialog.locator("li").count(), 1);
          await Promise.all([
            page.waitForURL(`${base}/hr/calendar`),
            row.getByRole("button", { name: "გადასვლა" }).click(),
          ]);
          await page.waitForSelector("html[data-hydrated=true]");
          assertEquals(await menuLinkIds(page), [10, 201, 35, 36]);
          assertEquals(await page.title(), "UniAdmin > ადამიანური რესურსები > კალენდარი");
          assertMatch(
            await page.locator("#user-menu-button").textContent() ?? "",
            /ნინო ბერიძე \(ადმინისტრაცია\)/,
          );
        });

        await t.step(
          "change password: validation, a wrong old password, and other sessions end",
          async () => {
            const { page } = await signedIn(DEMO.prof, "/lists/list");
            const { page: other } = await signedIn(DEMO.prof, "/lists/list");

            await openUserMenu(page);
            await page.locator("#user-menu-menu").getByRole("button", { name: "პაროლის შეცვლა" }).click();
            const dialog = page.locator("dialog#change-password");
            await dialog.waitFor({ state: "visible" });
            const confirm = dialog.locator("button[type=submit]");
            const newPassword = "Nino-Changed-4791";

            assert(await confirm.isDisabled(), "confirm is enabled on an empty form");
            await page.fill("#password-oldPassword", "Wrong-Old-Password-1");
            await page.fill("#password-password1", newPassword);
            assert(await confirm.isDisabled(), "confirm is enabled without the repeated password");
            await page.fill("#password-password2", newPassword + "x");
            assert(await confirm.isDisabled(), "confirm is enabled with different passwords");
            assertEquals(await page.locator("#password-password2").getAttribute("aria-invalid"), "true");
            assertEquals(
              (await page.locator("#password-password2-error").textContent())?.trim(),
              "პაროლები არ ემთხვევა",
            );
            await page.fill("#password-password2", newPassword);
            assert(await confirm.isEnabled(), "confirm stays disabled on a valid form");

            await confirm.click();
            const oldError = page.locator("#password-oldPassword-error");
            await oldError.waitFor();
            assertEquals((await oldError.textContent())?.trim(), "ძველი პაროლი არასწორია");
            assertEquals(await page.locator("#password-oldPassword").getAttribute("aria-invalid"), "true");
            assert(await dialog.isVisible(), "the dialog closed on an error");

            await page.fill("#password-oldPassword", DEMO.prof.password);
            await confirm.click();
            await dialog.waitFor({ state: "hidden" });
            await page.getByText("პაროლი შეიცვალა").waitFor();

            // This session carries on; the other one is signed out at its next navigation.
            await page.click("a[data-menu-id='80']");
            await page.waitForURL(`${base}/tables`);
            await other.click("a[data-menu-id='80']");
            await other.waitForURL((url) => url.pathname === "/login");
            assertEquals(await other.locator("[data-testid=top-bar]").count(), 0);

            // The old password no longer works; the new one does.
            await other.goto(`${base}/login`);
            await other.fill("#login-email", DEMO.prof.email);
            await other.fill("#login-password", DEMO.prof.password);
            await Promise.all([other.waitForEvent("load"), other.click("form button[type=submit]")]);
            assertEquals(
              (await other.locator("[role=alert]").textContent())?.trim(),
              "ელ. ფოსტა ან პაროლი არასწორია",
            );
            await signIn(other, base, { email: DEMO.prof.email, password: newPassword });
            assertEquals(new URL(other.url()).pathname, "/lists/list");
          },
        );

        assertEquals(errors, []);
      } finally {
        for (const context of contexts) await context.close().catch(() => {});
      }
    }),
});

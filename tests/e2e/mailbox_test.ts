/**
 * Mailbox and chancellery items open (issue 31 point 8), in a real browser: an item opens in a read view with
 * its text; opening marks it read and the menu badge counts one less at once; the chancellery's check action
 * clears its badge.
 */
import { assertEquals, assertMatch } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";
import { Buffer } from "node:buffer";

Deno.test({
  name: "mailbox and chancellery items open and are read",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(15_000);
      await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      try {
        await signIn(page, base, DEMO.limited);
        const inbox = page.getByTestId("menu-badge-inbox");
        const chancellery = page.getByTestId("menu-badge-chancellery");

        await t.step("a mailbox item opens with its text; the badge counts one less", async () => {
          await page.goto(`${base}/mailbox`);
          await page.waitForSelector("html[data-hydrated=true]");
          await inbox.waitFor({ state: "attached" });
          assertEquals(await inbox.textContent(), "3");
          const first = page.getByTestId("mailbox-item").first();
          const title = (await first.innerText()).replace(/\s*\(unread\)$/, "");
          await first.click();
          const view = page.getByTestId("mailbox-item-view");
          await view.waitFor();
          assertMatch(await page.locator("#inbox-item").innerText(), new RegExp(title.slice(0, 20)));
          assertMatch(await view.innerText(), /\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/);
          await page.waitForFunction(() =>
            document.querySelector("[data-testid=menu-badge-inbox]")?.textContent === "2"
          );
          await page.locator("#inbox-item").getByRole("button", { name: "Close" }).last().click();
          await view.waitFor({ state: "detached" });
          // Read now: after a reload it is still read, and the badge stays at 2.
          await page.reload();
          await page.waitForSelector("html[data-hydrated=true]");
          await inbox.waitFor({ state: "attached" });
          assertEquals(await inbox.textContent(), "2");
        });

        await t.step("a chancellery item opens; the check action clears the rest", async () => {
          await page.goto(`${base}/chancellery`);
          await page.waitForSelector("html[data-hydrated=true]");
          await chancellery.waitFor({ state: "attached" });
          assertEquals(await chancellery.textContent(), "2");
          await page.getByTestId("mailbox-item").first().click();
          await page.getByTestId("mailbox-item-view").waitFor();
          await page.waitForFunction(() =>
            document.querySelector("[data-testid=menu-badge-chancellery]")?.textContent === "1"
          );
          await page.locator("#chancellery-item").getByRole("button", { name: "Close" }).last().click();
          await page.getByRole("button", { name: "Check chancellery" }).click();
          await chancellery.waitFor({ state: "detached" });
          await page.getByText("Marked as read").waitFor();
        });
      } finally {
        await context.close();
      }
    }),
});

Deno.test({
  name: "an announcement with an attachment: sent in Georgian, opened and downloaded in English",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const open = async (lang: string, account: { email: string; password: string }) => {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 900 },
          acceptDownloads: true,
        });
        context.setDefaultTimeout(15_000);
        await context.addCookies([{ name: "lang", value: lang, url: base }]);
        const page = await context.newPage();
        await signIn(page, base, account);
        return page;
      };
      const staff = await open("ka", DEMO.staff);
      const student = await open("en", DEMO.student);
      const studentId = await student.evaluate(async () =>
        (await (await fetch("/api/auth/me")).json()).user.id
      );
      const pdf = {
        name: "exam-rules.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n%rules\n"),
      };
      try {
        await t.step(
          "in Georgian: a file that is not what its name says is refused at its field",
          async () => {
            await staff.goto(`${base}/messages/list`);
            await staff.waitForSelector("html[data-hydrated=true]");
            await staff.locator("#message-subject").fill("გამოცდის წესები");
            await staff.locator("#message-body").fill("წესები თან ერთვის.");
            await staff.locator("#message-users").fill(String(studentId));
            await staff.locator("#message-attachments").setInputFiles({
              ...pdf,
              buffer: Buffer.from("just text"),
            });
            await staff.getByTestId("message-send").click();
            await staff.getByText("„exam-rules.pdf“ არ არის PDF ან DOCX", { exact: false }).waitFor();
          },
        );

        await t.step("in Georgian: sent with a real PDF", async () => {
          await staff.locator("#message-attachments").setInputFiles(pdf);
          await Promise.all([staff.waitForEvent("load"), staff.getByTestId("message-send").click()]);
          await staff.waitForSelector("html[data-hydrated=true]");
          await staff.getByText("გამოცდის წესები").first().waitFor();
        });

        await t.step("in English: the student opens it from the mailbox and downloads the file", async () => {
          // Delivered by a background job: wait for it to land.
          await student.waitForFunction(async () => {
            const inbox = await (await fetch("/api/mailbox/inbox")).json();
            return inbox.data.some((i: { title: string }) => i.title === "გამოცდის წესები");
          });
          await student.goto(`${base}/mailbox`);
          await student.waitForSelector("html[data-hydrated=true]");
          await student.getByTestId("mailbox-item").filter({ hasText: "გამოცდის წესები" }).click();
          const links = student.getByTestId("mailbox-item-links");
          await links.waitFor();
          assertEquals(await links.getAttribute("aria-label"), "Attachments");
          const [download] = await Promise.all([
            student.waitForEvent("download"),
            links.getByRole("link", { name: "exam-rules.pdf" }).click(),
          ]);
          assertEquals(download.suggestedFilename(), "exam-rules.pdf");
          const path = await download.path();
          assertEquals(await Deno.readTextFile(path!), "%PDF-1.4\n%rules\n");
        });
      } finally {
        await staff.context().close();
        await student.context().close();
      }
    }),
});

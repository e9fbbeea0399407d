/**
 * Admissions in a real browser (issue 23), in both languages: an applicant applies on /online-register with
 * JavaScript turned off (a plain multipart form post; a mistake comes back at its field in the page's language
 * with the typed values kept), gets a reference number; the registrar finds the application, checks the
 * documents, accepts and enrols it, and the new student is in the registry.
 */
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 15_000;
const PDF = Buffer.from("%PDF-1.4\n%applicant\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const TEXTS = {
  ka: {
    consent: "განაცხადისთვის თანხმობა აუცილებელია",
    received: "თქვენი განაცხადი მიღებულია.",
    check: "დოკუმენტები შემოწმებულია",
    accept: "მიღება",
    save: "შენახვა",
    enrol: "ჩარიცხვა რეესტრში",
    enrolled: "ჩარიცხულია სტუდენტად:",
  },
  en: {
    consent: "Your consent is needed to apply",
    received: "Your application has been received.",
    check: "Documents checked",
    accept: "Accept",
    save: "Save",
    enrol: "Enrol in the registry",
    enrolled: "Enrolled as student:",
  },
} as const;

const APPLICANTS = {
  ka: {
    personalNumber: "61001077771",
    firstNameKa: "თამარ",
    lastNameKa: "წერეთელი",
    firstNameEn: "Tamar",
    lastNameEn: "Tsereteli",
  },
  en: {
    personalNumber: "61001077772",
    firstNameKa: "გიორგი",
    lastNameKa: "ჯავახიშვილი",
    firstNameEn: "Giorgi",
    lastNameEn: "Javakhishvili",
  },
} as const;

async function newPage(
  browser: Browser,
  base: string,
  lang: string,
  javaScriptEnabled: boolean,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  return await context.newPage();
}

Deno.test({
  name: "admissions: apply without JavaScript, accepted and enrolled by the registrar",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const staff = await newPage(browser, base, "ka", true);
      await signIn(staff, base, DEMO.staff);

      for (const lang of ["ka", "en"] as const) {
        const text = TEXTS[lang];
        const person = APPLICANTS[lang];
        let reference = "";

        await t.step(
          `${lang}: an applicant applies without JavaScript and gets a reference number`,
          async () => {
            const page = await newPage(browser, base, lang, false);
            await page.goto(`${base}/online-register`);
            for (const [field, value] of Object.entries(person)) await page.fill(`#apply-${field}`, value);
            await page.fill("#apply-birthDate", "2007-04-21");
            await page.fill("#apply-email", `${person.firstNameEn.toLowerCase()}@example.ge`);
            await page.fill("#apply-phone", "+995 599 12 34 56");
            await page.selectOption("#apply-programId", { index: 1 });
            const documents = async () => {
              await page.setInputFiles("#apply-identity", {
                name: "passport.pdf",
                mimeType: "application/pdf",
                buffer: PDF,
              });
              await page.setInputFiles("#apply-certificate", {
                name: "certificate.png",
                mimeType: "image/png",
                buffer: PNG,
              });
            };
            await documents();
            // Sent without the consent first: the page says so, in its language, and keeps what was typed.
            await Promise.all([
              page.waitForURL(`${base}/online-register`),
              page.click("form button[type=submit]"),
            ]);
            assertStringIncludes(await page.locator("#apply-errors").textContent() ?? "", text.consent);
            assertEquals(await page.inputValue("#apply-lastNameEn"), person.lastNameEn);
            await page.check("#apply-consent");
            await documents();
            await page.click("form button[type=submit]");
            await page.locator("#apply-done").waitFor();
            assertStringIncludes(await page.locator("#apply-done").textContent() ?? "", text.received);
            reference = (await page.locator("#apply-reference").textContent())!.trim();
            assert(/^AD-\d{4}-\d{6}$/.test(reference), reference);
            assertEquals(await page.locator("script").count(), 0);
            await page.context().close();
          },
        );

        await t.step(`${lang}: the registrar checks, accepts and enrols the application`, async () => {
          await staff.context().addCookies([{ name: "lang", value: lang, url: base }]);
          await staff.goto(`${base}/admissions?q=${reference}`);
          await staff.getByRole("link", { name: reference }).click();
          await staff.waitForURL(/\/admissions\/\d+/);
          for (const decision of [text.check, text.accept]) {
            await staff.selectOption("#decision", { label: decision });
            await Promise.all([
              staff.waitForURL(/saved/),
              staff.getByRole("button", { name: text.save }).click(),
            ]);
          }
          await Promise.all([
            staff.waitForURL(/saved/),
            staff.getByRole("button", { name: text.enrol }).click(),
          ]);
          assertStringIncludes(await staff.locator("main").textContent() ?? "", text.enrolled);
        });

        await t.step(`${lang}: the new student is in the registry`, async () => {
          await staff.goto(`${base}/students?text=${person.lastNameEn}`);
          await staff.waitForSelector("html[data-hydrated=true]");
          const name = lang === "en" ? person.lastNameEn : person.lastNameKa;
          await staff.getByRole("cell", { name: new RegExp(name) }).first().waitFor();
        });
      }
    }),
});

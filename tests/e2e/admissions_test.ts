/**
 * Admissions in a real browser (issue 23), in both languages: an applicant applies on /online-register with
 * JavaScript turned off (a plain multipart form post; a mistake comes back at its field in the page's language
 * with the typed values kept), gets a reference number; the registrar finds the application, checks the
 * documents, accepts and enrols it, and the new student is in the registry; a graduate's diploma supplement
 * opens in the browser's PDF viewer, which draws its text (the screenshot is checked for it).
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
    lifecycle: "სტუდენტთა მოძრაობა",
    admissions: "მიღება",
  },
  en: {
    consent: "Your consent is needed to apply",
    received: "Your application has been received.",
    check: "Documents checked",
    accept: "Accept",
    save: "Save",
    enrol: "Enrol in the registry",
    enrolled: "Enrolled as student:",
    lifecycle: "Student lifecycle",
    admissions: "Admissions",
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

/**
 * Where the viewer shows the first page at 1280 × 900 (its toolbar, thumbnails and gray margins, which are dark
 * too, lie outside).
 */
const PAGE_AREA = { x: 450, y: 110, width: 700, height: 750 };

/** Near-black pixels of a screenshot (text, not the viewer's gray lines), counted in a canvas of the browser. */
async function darkPixels(page: Page, png: Buffer): Promise<number> {
  return await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 180) dark++;
    return dark;
  }, png.toString("base64"));
}

Deno.test({
  name: "admissions: apply without JavaScript, accepted and enrolled by the registrar; a supplement drawn",
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

        await t.step(`${lang}: the registrar reaches the pipeline from the side menu`, async () => {
          await staff.context().addCookies([{ name: "lang", value: lang, url: base }]);
          await staff.goto(`${base}/students`);
          await staff.waitForSelector("html[data-hydrated=true]");
          const group = staff.locator("#menu-group-40");
          assertStringIncludes(await group.textContent() ?? "", text.lifecycle);
          await group.click();
          await staff.locator("a[data-menu-id='401']").click();
          await staff.waitForURL(`${base}/admissions`);
          assertStringIncludes(await staff.locator("h1").textContent() ?? "", text.admissions);
          assertEquals(
            await staff.locator("a[data-menu-id='401']").getAttribute("aria-current"),
            "page",
          );
        });

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

        await t.step(
          `${lang}: a graduate's diploma supplement opens as a PDF whose text the viewer draws`,
          async () => {
            await staff.goto(`${base}/diploma-enclosures/dashboard`);
            const href = await staff.locator(`a[data-supplement="${lang}"]`)
              .first()
              .getAttribute("href");
            const viewer = await staff.context().newPage();
            const response = await viewer.goto(`${base}${href}`);
            assertEquals(response?.headers()["content-type"], "application/pdf");
            // The viewer draws the page in its own frame: wait, bounded, until the text is on screen.
            const canvas = await staff.context().newPage();
            let dark = 0;
            for (const deadline = Date.now() + STEP_TIMEOUT_MS; dark < 3000 && Date.now() < deadline;) {
              dark = await darkPixels(canvas, await viewer.screenshot({ clip: PAGE_AREA }));
            }
            assert(dark >= 3000, `the supplement's first page shows text (${dark} dark pixels)`);
            await viewer.close();
            await canvas.close();
          },
        );
      }
    }),
});

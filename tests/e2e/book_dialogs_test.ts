/**
 * The course dialogs in a real browser, as the registrar on /books: set conditions (a prerequisite group with a
 * course, checked for a student; the row's conditions icon turns blue), add and remove a professor (the removal
 * asks first), add rule students (an unknown id is reported) and clear them; then components (the weights
 * must total 100), a syllabus upload and removal, and the course's log showing all of it.
 */
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";

const STEP_TIMEOUT_MS = 20_000;

/** The courses table's row of the course with `code`. */
const rowOf = (page: Page, code: string) =>
  page.locator("tbody tr", { has: page.locator("td", { hasText: new RegExp(`^${code}$`) }) });

interface CourseRow {
  id: number;
  code: string;
}

Deno.test({
  name: "course dialogs in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));

      try {
        await signIn(page, base, DEMO.staff);
        // A course without conditions or professors, and another course to make its prerequisite.
        const plain = await page.request.get(`${base}/api/books?conditions=2&limit=30`);
        const candidates = (await plain.json()).data as CourseRow[];
        let found: CourseRow | undefined;
        for (const c of candidates) {
          const professors = await page.request.get(`${base}/api/book_professors/${c.id}`);
          if ((await professors.json()).data.length === 0) {
            found = c;
            break;
          }
        }
        const prerequisite = candidates.find((c) => c.id !== found?.id);
        assert(found && prerequisite, "the demo data has courses without conditions and professors");
        const course = found;
        const row = rowOf(page, course.code);
        const action = (name: string) => row.locator(`button[data-action="${name}"]`);

        await t.step("the course's row: conditions icon not marked yet", async () => {
          await page.goto(`${base}/books?text=${encodeURIComponent(course.code)}`);
          await settled(page);
          await row.waitFor();
          assertEquals(await action("conditions").getAttribute("data-marked"), "false");
        });

        await t.step(
          "conditions: a prerequisite group with a course, then the eligibility check",
          async () => {
            await action("conditions").click();
            const dialog = page.locator("#book-conditions");
            await dialog.waitFor({ state: "visible" });
            await page.getByTestId("condition-group-add-condition").click();
            await page.locator("#condition-group-form").waitFor({ state: "visible" });
            await page.fill("#condition-group-name", "Foundations");
            await page.fill("#condition-group-limit", "1");
            await page.locator("#condition-group-form").getByRole("button", { name: "Save" }).click();
            const group = dialog.getByTestId("condition-group");
            await group.waitFor();
            assertMatch(await group.locator("h3").innerText(), /Foundations\s*· limit 1/);
            const picker = group.locator("input[id$='-course']");
            await picker.fill(prerequisite.code);
            await group.getByRole("button", { name: `Add: ${prerequisite.code}` }).click();
            await group.locator("td", { hasText: new RegExp(`^${prerequisite.code}$`) }).waitFor();

            await page.click("#book-conditions-tab-eligibility");
            await page.fill("#eligibility-student", "1");
            await dialog.getByRole("button", { name: "Check" }).click();
            const report = dialog.getByTestId("eligibility-report");
            await report.waitFor();
            assertMatch(await report.innerText(), /needs 1 of: .+; passed/);
            assertMatch(
              await report.locator("[role=status]").innerText(),
              /^Student 1 · .+ may (not )?register/,
            );

            await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
            await page.waitForFunction(
              (code) =>
                [...document.querySelectorAll("tbody tr")].some((tr) =>
                  tr.textContent?.includes(code) &&
                  tr.querySelector('button[data-action="conditions"]')?.getAttribute("data-marked") === "true"
                ),
              course.code,
            );
            await settled(page);
          },
        );

        await t.step("professors: add one with a price, then remove it after confirming", async () => {
          await action("professors").click();
          const dialog = page.locator("#book-professors");
          await dialog.waitFor({ state: "visible" });
          await page.getByTestId("professor-add").click();
          const form = page.locator("#book-professor-form");
          await form.waitFor({ state: "visible" });
          await form.getByRole("button", { name: "Save" }).click();
          await page.locator("#book-professor-prof_id-error").waitFor();
          await page.fill("#book-professor-search", "Beridze");
          await page.locator("#book-professor-prof_id option[value='4']").waitFor({ state: "attached" });
          await page.selectOption("#book-professor-prof_id", "4");
          await page.fill("#book-professor-price", "40");
          await form.getByRole("button", { name: "Save" }).click();
          const table = dialog.getByTestId("professors-table");
          const professor = table.locator("tbody tr", { hasText: "Nino Beridze" });
          await professor.waitFor();
          assertMatch(await professor.innerText(), /^\d+\s+4\s+Nino Beridze\s+40/);

          await professor.getByRole("button", { name: "Remove: Nino Beridze" }).click();
          const confirm = page.locator("#book-professors-confirm");
          await confirm.waitFor({ state: "visible" });
          await confirm.getByRole("button", { name: "Yes" }).click();
          await professor.waitFor({ state: "detached" });
          await table.getByText("No professors yet").waitFor();
          await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
          await dialog.waitFor({ state: "hidden" });
        });

        await t.step(
          "rule students: known ids added, an unknown one reported; clearing asks first",
          async () => {
            await action("ruleStudents").click();
            const dialog = page.locator("#rule-students");
            await dialog.waitFor({ state: "visible" });
            await page.fill("#rule-students-ids", "1, 2\n999999");
            await page.getByTestId("rule-students-add").click();
            const report = page.getByTestId("rule-students-report");
            await report.waitFor();
            assertMatch(await report.innerText(), /Added: 2[\s\S]*Unknown ids \(not added\): 999999/);
            const table = page.getByTestId("rule-students-table");
            await table.locator("tbody tr", { has: page.locator("td", { hasText: /^2$/ }) }).waitFor();
            assertEquals(await table.locator("tbody tr").count(), 2);
            assertEquals(await page.inputValue("#rule-students-ids"), "999999");

            await page.getByTestId("rule-students-clear").click();
            const confirm = page.locator("#rule-students-confirm");
            await confirm.waitFor({ state: "visible" });
            await confirm.getByRole("button", { name: "Yes" }).click();
            await table.getByText("No rule students yet").waitFor();
            await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
          },
        );

        await t.step("components: weights must total 100 before the set is saved; its own log", async () => {
          await action("components").click();
          const dialog = page.locator("#book-components");
          await dialog.waitFor({ state: "visible" });
          await dialog.getByTestId("component-add").waitFor();
          const existing = await dialog.getByTestId("component-row").count();
          await dialog.getByTestId("component-add").click();
          await page.fill(`#component-${existing}-nameKa`, "პროექტი");
          await page.fill(`#component-${existing}-nameEn`, "Project");
          await page.fill(`#component-${existing}-weight`, "10");
          await dialog.getByTestId("components-save").click();
          await dialog.getByRole("alert").filter({ hasText: /they must total 100/ }).waitFor();
          if (existing === 0) await page.fill("#component-0-weight", "100");
          else {
            await dialog.getByRole("button", { name: `Remove: Component ${existing + 1}` }).click();
            await page.locator("#book-components-confirm").getByRole("button", { name: "Yes" }).click();
          }
          assertMatch(await dialog.getByTestId("components-total").innerText(), /^Total: 100%/);
          await dialog.getByTestId("components-save").click();
          await dialog.getByText("Components saved").waitFor();
          await dialog.getByTestId("components-log").click();
          const log = dialog.getByTestId("components-log-table");
          await log.waitFor();
          if (existing === 0) await log.getByText("Components saved").first().waitFor();
          await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
          await dialog.waitFor({ state: "detached" });
          await settled(page);
          assertEquals(await action("components").getAttribute("data-marked"), "true");
        });

        await t.step("syllabuses: a PDF uploaded for a semester, then removed after confirming", async () => {
          await action("syllabuses").click();
          const dialog = page.locator("#book-syllabuses");
          await dialog.waitFor({ state: "visible" });
          const semester = dialog.locator("tbody tr").first();
          const upload = semester.getByRole("button", { name: /^Upload: / });
          const [chooser] = await Promise.all([page.waitForEvent("filechooser"), upload.click()]);
          const pdf = new TextEncoder().encode("%PDF-1.4\n" + "x".repeat(600 * 1024) + "\n%%EOF");
          await chooser.setFiles({
            name: "syllabus.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from(pdf),
          });
          const link = semester.getByRole("link", { name: /syllabus\.pdf/ });
          await link.waitFor();
          assertEquals(
            await link.getAttribute("href"),
            `/api/syllabuses/${course.id}/${await semester.getAttribute("data-group")}/file`,
          );
          await semester.getByRole("button", { name: /^Remove: / }).click();
          await page.locator("#syllabuses-confirm").getByRole("button", { name: "Yes" }).click();
          await semester.getByText("No syllabus").waitFor();
          await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
          await dialog.waitFor({ state: "detached" });
        });

        await t.step("the course's log shows what the dialogs changed", async () => {
          await action("log").click();
          const dialog = page.locator("#book-log");
          const table = dialog.getByTestId("book-log-table");
          await table.waitFor();
          for (
            const what of [
              "Condition group added",
              "Professor removed",
              "Rule students cleared",
              "Syllabus removed",
            ]
          ) {
            await table.getByText(what).first().waitFor();
          }
          assertMatch(
            await table.locator("tbody tr").first().innerText(),
            /Mariam Kapanadze\s+Syllabus removed/,
          );
          await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
        });

        await t.step("no script errors", () => assertEquals(errors, []));
      } finally {
        await context.close();
      }
    }),
});

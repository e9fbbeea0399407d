/**
 * Course lists in a real browser (issue 20), in both languages: the demo professor lands on their lists, fills
 * a student's points by keyboard (each cell saved on its own, with its state shown), meets another person's
 * change of a cell (409: the cell shows the other value), submits, and the student sees the grade and their GPA
 * change on their grades page, reached from the menu; then (in Georgian) the registrar unlocks with a reason,
 * the professor lowers the final exam and submits again, and the student sees the new grade.
 */
import type { Browser, Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../assert.ts";
import { DEMO, settled, signIn, withBrowser } from "./harness.ts";
import { axeViolations } from "./axe.ts";
import { Buffer } from "node:buffer";
import { toXlsx } from "../../services/files/xlsx_export.ts";

const STEP_TIMEOUT_MS = 15_000;
const STUDENT_ID = 1;

interface Sheet {
  sectionId: string;
  components: { id: number; name: string; max: number }[];
  students: { studentId: number; cells: { points: number | null; versionstamp: string | null }[] }[];
}

async function pageAs(
  browser: Browser,
  base: string,
  lang: string,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  await signIn(page, base, account);
  return page;
}

const api = <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(async ({ method, path, body }) => {
    const res = await fetch(`/api${path}`, {
      method,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }, { method, path, body }) as Promise<{ status: number; body: T }>;

/** Types `values` into the student's row from its first cell, moving right with the arrow key. */
async function typeRow(page: Page, row: number, values: number[], first = 0) {
  const cell = page.locator(`[data-grid-cell="${row}:${first}"]`);
  await cell.focus();
  for (const [i, value] of values.entries()) {
    await page.keyboard.type(String(value));
    await page.keyboard.press(i < values.length - 1 ? "ArrowRight" : "Enter");
  }
}

const rowOfStudent = async (page: Page, id: number) => {
  await page.locator(`#list-grid tr[data-student="${id}"]`).waitFor();
  return await page.locator("#list-grid tbody tr").evaluateAll(
    (rows, id) => rows.findIndex((r) => r.getAttribute("data-student") === String(id)),
    id,
  );
};

/** WCAG 2.1 A/AA violations of the page as it is, as "id: help (nodes)". */
async function violations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map((v) =>
    `${new URL(page.url()).pathname}: ${v.id}: ${v.help} (${v.nodes.join(", ")})`
  );
}

/** The student's row in the grid (rows are in name order, so it depends on the language). */
const rowOf = async (page: Page) => {
  // The grid reads its students once the page is up.
  await page.locator(`#list-grid tr[data-student="${STUDENT_ID}"]`).waitFor();
  return await page.locator("#list-grid tbody tr").evaluateAll(
    (rows, id) => rows.findIndex((r) => r.getAttribute("data-student") === String(id)),
    STUDENT_ID,
  );
};

async function gpaOf(page: Page): Promise<string> {
  return (await page.locator("#grades-gpa strong").textContent()) ?? "";
}

Deno.test({
  name: "course lists: a professor grades by keyboard and the student sees it, in both languages",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const prof = await pageAs(browser, base, "en", DEMO.prof);
      prof.on("pageerror", (e) => errors.push(e.message));
      const staff = await pageAs(browser, base, "ka", DEMO.staff);
      const student = await pageAs(browser, base, "en", DEMO.student);

      let sectionId = "";
      let sheet: Sheet;
      let row = -1;
      await t.step("the professor lands on their lists and opens one", async () => {
        assertEquals(new URL(prof.url()).pathname, "/lists/list");
        const mine = await api<{ data: { sectionId: string; status: string; students: number }[] }>(
          prof,
          "GET",
          "/lists",
        );
        sectionId = mine.body.data.find((r) => r.status === "open" && r.students > 0)!.sectionId;
        // The registrar enrols the demo student in it (the demo student holds another professor's section).
        const enrol = await api(staff, "POST", "/registrations", {
          sectionId,
          studentId: STUDENT_ID,
          override: true,
          reason: "lists browser test",
        });
        assertEquals(enrol.status, 201);
        await settled(prof);
        await prof.locator(`a[href="/lists/${sectionId}"]`).click();
        await prof.waitForURL(`${base}/lists/${sectionId}`);
        await settled(prof);
        sheet = (await api<Sheet>(prof, "GET", `/lists/${sectionId}`)).body;
        row = await rowOf(prof);
        assert(row >= 0, "the student is on the list");
      });

      await t.step("the lists pages have no accessibility violation (axe, WCAG 2.1 AA)", async () => {
        const found: string[] = [];
        await prof.goto(`${base}/lists/list`);
        await settled(prof);
        found.push(...await violations(prof));
        await prof.goto(`${base}/lists/${sectionId}`);
        await settled(prof);
        await rowOf(prof);
        found.push(...await violations(prof));
        await prof.goto(`${base}/lists/${sectionId}?tab=attendance`);
        await settled(prof);
        found.push(...await violations(prof));
        await prof.goto(`${base}/lists/${sectionId}`);
        await settled(prof);
        row = await rowOf(prof);
        await student.goto(`${base}/grades`);
        await settled(student);
        found.push(...await violations(student));
        assertEquals(found, []);
      });

      let gpaBefore = "";
      await t.step("the student's grade is pending before the list is submitted", async () => {
        await student.goto(`${base}/grades`);
        await settled(student);
        gpaBefore = await gpaOf(student);
        const course = student.locator("tr", { has: student.locator("[data-grade]") }).filter({
          hasText: "Not graded yet",
        });
        assert(await course.count() >= 1);
      });

      await t.step(
        "points typed by keyboard are saved cell by cell, and the total and grade follow",
        async () => {
          // Everything but one point of each component: 100 − 4 = 96 → A.
          const values = sheet.components.map((c) => c.max - 1);
          await typeRow(prof, row, values);
          const marks = prof.locator(`#list-grid tr[data-student="${STUDENT_ID}"] [data-cell-state=saved]`);
          await prof.waitForFunction(
            ({ id, n }) =>
              document.querySelectorAll(`#list-grid tr[data-student="${id}"] [data-cell-state=saved]`)
                .length === n,
            { id: STUDENT_ID, n: values.length },
          );
          assertEquals(await marks.count(), values.length);
          const total = values.reduce((a, b) => a + b, 0);
          const line = prof.locator(`#list-grid tr[data-student="${STUDENT_ID}"]`);
          assertEquals((await line.locator("[data-total]").textContent())?.trim(), String(total));
          assertEquals((await line.locator("[data-grade]").textContent())?.trim(), "A");
          // Typing replaces: the first cell again, a new value, and Escape takes it back before it is saved.
          await prof.locator(`[data-grid-cell="${row}:0"]`).focus();
          await prof.keyboard.type("1");
          await prof.keyboard.press("Escape");
          assertEquals(await prof.locator(`[data-grid-cell="${row}:0"]`).inputValue(), String(values[0]));
        },
      );

      await t.step(
        "a cell someone else saved meanwhile shows their value instead of being overwritten",
        async () => {
          const current = (await api<Sheet>(prof, "GET", `/lists/${sectionId}`)).body;
          const cell = current.students.find((s) => s.studentId === STUDENT_ID)!.cells[0];
          // Another session of the professor (a second tab) saves the first cell.
          const other = await pageAs(browser, base, "en", DEMO.prof);
          const saved = await api(other, "PUT", `/lists/${sectionId}/points`, {
            studentId: STUDENT_ID,
            componentId: sheet.components[0].id,
            points: 2,
            versionstamp: cell.versionstamp,
          });
          assertEquals(saved.status, 200);
          await other.context().close();
          await prof.locator(`[data-grid-cell="${row}:0"]`).focus();
          await prof.keyboard.type("5");
          await prof.keyboard.press("ArrowRight");
          const message = prof.locator(`#list-grid tr[data-student="${STUDENT_ID}"] [data-cell-message]`);
          await message.waitFor();
          assertStringIncludes(await message.textContent() ?? "", "now 2");
          assertEquals(await prof.locator(`[data-grid-cell="${row}:0"]`).inputValue(), "2");
          // Back to everything but one point.
          await prof.locator(`[data-grid-cell="${row}:0"]`).focus();
          await prof.keyboard.type(String(sheet.components[0].max - 1));
          await prof.keyboard.press("Enter");
          await prof.waitForFunction(
            (id) =>
              document.querySelector(`#list-grid tr[data-student="${id}"] [data-cell-state]`)?.getAttribute(
                "data-cell-state",
              ) === "saved",
            STUDENT_ID,
          );
        },
      );

      await t.step("an .xlsx import is checked first, then imported", async () => {
        const other = sheet.students.find((s) => s.studentId !== STUDENT_ID)!;
        const c = sheet.components[0];
        const headers = ["ID", "Student", "Personal number", `${c.name} (${c.max})`];
        const file = toXlsx("List", headers, [
          [other.studentId, "", "", 1],
          [999_999, "", "", 1],
        ]);
        const box = prof.locator("#list-import");
        await box.locator("summary").click();
        const upload = { name: "list.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from(file) };
        await box.locator("input[type=file]").setInputFiles(upload);
        await box.getByRole("button", { name: "Check the file" }).click();
        await box.locator("[data-import-row='3']").waitFor();
        assertStringIncludes(
          await box.locator("[data-import-row='3']").textContent() ?? "",
          "not on this section's roster",
        );
        // A file with a wrong row offers no import; the right rows alone do.
        assertEquals(await box.getByRole("button", { name: /^Import/ }).count(), 0);
        await box.locator("input[type=file]").setInputFiles({
          ...upload,
          buffer: Buffer.from(toXlsx("List", headers, [[other.studentId, "", "", 1]])),
        });
        await box.getByRole("button", { name: "Check the file" }).click();
        // The row is found before the import: the import re-reads the page, and a grid caught half-loaded
        // has no row to find.
        const otherRow = await rowOfStudent(prof, other.studentId);
        await box.getByRole("button", { name: "Import 1 changes" }).click();
        await prof.waitForFunction(
          (id) =>
            (document.querySelector(`[data-grid-cell^="${id}:"]`) as HTMLInputElement | null)?.value === "1",
          otherRow,
        );
        await settled(prof);
        row = await rowOf(prof);
      });

      await t.step("submitting locks the list", async () => {
        await prof.locator("#list-submit").click();
        const dialog = prof.locator("#list-submit-confirm");
        await dialog.waitFor({ state: "visible" });
        await dialog.getByRole("button", { name: "Yes" }).click();
        await prof.waitForSelector("#list-status[data-list-status=submitted]");
        await settled(prof);
        assert(await prof.locator(`[data-grid-cell="${row}:0"]`).isDisabled());
      });

      await t.step("the student finds the grade from the menu, and their GPA moved", async () => {
        await student.goto(`${base}/tables`);
        await settled(student);
        const link = student.locator('[data-testid=side-menu] a[data-menu-id="206"]');
        if (!await link.isVisible()) await student.locator("#menu-group-20").click();
        await link.click();
        await student.waitForURL(`${base}/grades`);
        await settled(student);
        const graded = student.locator("[data-grade]", { hasText: /^A$/ });
        assertEquals(await graded.count(), 1);
        assert((await gpaOf(student)) !== gpaBefore, `the GPA moved from ${gpaBefore}`);
      });

      await t.step("in Georgian: the registrar unlocks with a reason", async () => {
        await staff.goto(`${base}/lists/${sectionId}`);
        await settled(staff);
        await staff.locator("input[name=reason]").fill("დასკვნითი გამოცდა გადასწორდა");
        await staff.getByRole("button", { name: "განბლოკვა" }).click();
        await staff.waitForSelector("#list-status[data-list-status=open]");
      });

      await t.step("in Georgian: the professor lowers the final exam and submits again", async () => {
        await prof.context().addCookies([{ name: "lang", value: "ka", url: base }]);
        await prof.goto(`${base}/lists/${sectionId}`);
        await settled(prof);
        assertStringIncludes(
          await prof.locator("#list-status").textContent() ?? "",
          "დასკვნითი გამოცდა გადასწორდა",
        );
        const last = sheet.components.length - 1;
        row = await rowOf(prof);
        await prof.locator(`[data-grid-cell="${row}:${last}"]`).focus();
        await prof.keyboard.type("0");
        await prof.keyboard.press("Enter");
        const line = prof.locator(`#list-grid tr[data-student="${STUDENT_ID}"]`);
        await new Promise((r) => setTimeout(r, 2000));
        await prof.waitForFunction(
          (id) =>
            document.querySelector(`#list-grid tr[data-student="${id}"] [data-grade]`)?.textContent
              ?.trim() !== "A",
          STUDENT_ID,
        );
        const grade = (await line.locator("[data-grade]").textContent())?.trim();
        await prof.locator("#list-submit").click();
        const dialog = prof.locator("#list-submit-confirm");
        await dialog.waitFor({ state: "visible" });
        await dialog.getByRole("button", { name: "დიახ" }).click();
        await prof.waitForSelector("#list-status[data-list-status=submitted]");

        await student.context().addCookies([{ name: "lang", value: "ka", url: base }]);
        await student.goto(`${base}/grades`);
        await settled(student);
        assertEquals(await student.locator("[data-grade]", { hasText: new RegExp(`^${grade}$`) }).count(), 1);
        assertStringIncludes(await student.locator("h1").textContent() ?? "", "ჩემი შეფასებები");
      });

      await t.step("the component types catalogue: the administrator adds a type", async () => {
        const admin = await pageAs(browser, base, "en", DEMO.admin);
        await admin.goto(`${base}/components`);
        await settled(admin);
        await admin.getByTestId("component-type-add").click();
        const dialog = admin.locator("#component-type-form");
        await dialog.waitFor({ state: "visible" });
        await dialog.locator("#component-type-nameKa").fill("ლაბორატორიული");
        await dialog.locator("#component-type-nameEn").fill("Laboratory work");
        await dialog.getByRole("button", { name: "Save" }).click();
        await admin.locator("td", { hasText: "Laboratory work" }).waitFor();
        assertEquals(await violations(admin), []);
        await admin.goto(`${base}/components?tab=log`);
        await admin.locator("td", { hasText: "ლაბორატორიული / Laboratory work" }).waitFor();
        assertEquals(await violations(admin), []);
      });

      assertEquals(errors, []);
    }),
});

Deno.test({
  name:
    "course lists: staff filter by school and program, and set a course's absence limit, in both languages",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const errors: string[] = [];
      const staff = await pageAs(browser, base, "ka", DEMO.staff);
      staff.on("pageerror", (e) => errors.push(e.message));
      let sectionId = "";

      await t.step(
        "in Georgian: a school and then one of its programs narrow the lists, kept in the URL",
        async () => {
          await staff.goto(`${base}/lists/list`);
          await settled(staff);
          const schools = await staff.locator("select[name=school] option").evaluateAll((options) =>
            options.map((o) => (o as HTMLOptionElement).value).filter(Boolean)
          );
          let school = "";
          for (const id of schools) {
            const found = await api<{ total: number }>(staff, "GET", `/lists?schoolId=${id}`);
            if (found.body.total > 0) {
              school = id;
              break;
            }
          }
          assert(school, "some school has sections");
          await staff.locator("select[name=school]").selectOption(school);
          await Promise.all([
            staff.waitForURL(/school=/),
            staff.getByRole("button", { name: "ჩვენება" }).click(),
          ]);
          await settled(staff);
          assertEquals(new URL(staff.url()).searchParams.get("school"), school);
          assertEquals(await staff.locator("select[name=school]").inputValue(), school);
          const program = await staff.locator("select[name=program] option").evaluateAll((options) =>
            options.map((o) => (o as HTMLOptionElement).value).find(Boolean) ?? ""
          );
          assert(program, "the school has programs");
          await staff.locator("select[name=program]").selectOption(program);
          await Promise.all([
            staff.waitForURL(/program=/),
            staff.getByRole("button", { name: "ჩვენება" }).click(),
          ]);
          await settled(staff);
          const url = new URL(staff.url());
          assertEquals([url.searchParams.get("school"), url.searchParams.get("program")], [school, program]);
          assertEquals(await staff.locator("select[name=program]").inputValue(), program);
          // The school's own list, unfiltered by program, has a section to open in the next step.
          sectionId =
            (await api<{ data: { sectionId: string }[] }>(staff, "GET", `/lists?schoolId=${school}`))
              .body.data[0].sectionId;
        },
      );

      await t.step("in English: the limit is refused out of range at its field, then set", async () => {
        await staff.context().addCookies([{ name: "lang", value: "en", url: base }]);
        await staff.goto(`${base}/lists/${sectionId}`);
        await settled(staff);
        const open = staff.locator("#absence-limit-open");
        assertEquals((await open.textContent())?.trim(), "Absence limit: 30%");
        await open.click();
        const dialog = staff.locator("#absence-limit-form");
        await dialog.waitFor({ state: "visible" });
        await dialog.locator("#absence-limit-value").fill("101");
        await dialog.getByRole("button", { name: "Save" }).click();
        await dialog.getByText("Must be at most 100").waitFor();
        await dialog.locator("#absence-limit-value").fill("20");
        await dialog.getByRole("button", { name: "Save" }).click();
        await staff.locator("#absence-limit-open", { hasText: "Absence limit: 20%" }).waitFor();
      });

      await t.step(
        "in Georgian: set meanwhile by someone else, the dialog offers to save over it",
        async () => {
          await staff.context().addCookies([{ name: "lang", value: "ka", url: base }]);
          await staff.goto(`${base}/lists/${sectionId}`);
          await settled(staff);
          await staff.locator("#absence-limit-open", { hasText: "გაცდენების ზღვარი: 20%" }).click();
          const dialog = staff.locator("#absence-limit-form");
          await dialog.waitFor({ state: "visible" });
          // Another registrar sets it after this page was read.
          const bookId = await staff.locator("#absence-limit-open").getAttribute("data-book-id");
          const current = await api<{ versionstamp: string }>(
            staff,
            "GET",
            `/lists/absence_limits/${bookId}`,
          );
          const other = await api(staff, "PUT", `/lists/absence_limits/${bookId}`, {
            limit: 40,
            versionstamp: current.body.versionstamp,
          });
          assertEquals(other.status, 200);
          await dialog.locator("#absence-limit-value").fill("15");
          await dialog.getByRole("button", { name: "შენახვა" }).click();
          const conflict = staff.locator("#absence-limit-form-conflict");
          await conflict.waitFor({ state: "visible" });
          await conflict.getByRole("button", { name: "განახლება და ჩემი ცვლილებების შენახვა" }).click();
          await staff.locator("#absence-limit-open", { hasText: "გაცდენების ზღვარი: 15%" }).waitFor();
          assertEquals(await violations(staff), []);
        },
      );

      assertEquals(errors, []);
    }),
});

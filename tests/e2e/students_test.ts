import * as XLSX from "@e965/xlsx";
import { assert, assertEquals } from "../assert.ts";
import { DEMO, signIn, withBrowser } from "./harness.ts";

Deno.test({
  name: "students registry in a real browser",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withBrowser(async ({ server, browser }) => {
      const base = server.url;
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const search = page.locator("#students-filter-text");
      const rows = page.locator("[data-page-region] table tbody tr");
      const query = () => Object.fromEntries(new URL(page.url()).searchParams);

      await t.step("the registrar opens the list: newest students first, 15 a page", async () => {
        await signIn(page, base, DEMO.staff);
        await page.goto(`${base}/students`);
        await page.waitForSelector("html[data-hydrated=true]");
        assertEquals(await rows.count(), 15);
        const ids = await page.locator("tbody tr td:first-child a").allTextContents();
        assertEquals(ids.map(Number), [...ids.map(Number)].sort((a, b) => b - a));
      });

      await t.step("typing filters as you type, and the URL holds the text", async () => {
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
        await search.pressSequentially("Mamulashvili", { delay: 30 });
        await page.waitForURL((url) => url.searchParams.get("text") === "Mamulashvili");
        await page.waitForFunction(() =>
          [...document.querySelectorAll("[data-page-region] tbody tr")].every((r) =>
            r.textContent?.includes("Mamulashvili")
          )
        );
        assert(await rows.count() >= 1);
        // The page region was swapped on the client, focus and text stayed in the search field.
        assertEquals(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1);
        assertEquals(await search.inputValue(), "Mamulashvili");
        assertEquals(await page.evaluate(() => document.activeElement?.id), "students-filter-text");
      });

      await t.step("a status joins the filter in the URL; back restores the previous filter", async () => {
        await page.selectOption("#students-filter-status", "graduated");
        await page.waitForURL((url) => url.searchParams.get("status") === "graduated");
        assertEquals(query(), { text: "Mamulashvili", status: "graduated" });
        // The URL changes first; the rows follow when the new page region is in.
        await page.waitForFunction(() => !document.documentElement.dataset.navigating);
        const statuses = await page.locator("[data-page-region] tbody tr td:nth-child(5)").allTextContents();
        assert(statuses.every((s) => s.trim() === "კურსდამთავრებული"), statuses.join());

        await page.goBack();
        await page.waitForURL((url) => !url.searchParams.has("status"));
        assertEquals(query(), { text: "Mamulashvili" });
        await page.waitForFunction(() =>
          (document.getElementById("students-filter-status") as HTMLSelectElement | null)?.value === ""
        );
        assertEquals(await search.inputValue(), "Mamulashvili");

        await page.goBack();
        await page.waitForURL(`${base}/students`);
        await page.waitForFunction(() =>
          (document.getElementById("students-filter-text") as HTMLInputElement | null)?.value === ""
        );
        assertEquals(await rows.count(), 15);
      });

      await t.step("slow typing keeps every letter; the whole burst is one history entry", async () => {
        await search.focus();
        // Pauses longer than the debounce: the list follows each letter while the next one is typed.
        await search.pressSequentially("Mamu", { delay: 400 });
        await page.waitForURL((url) => url.searchParams.get("text") === "Mamu");
        await page.waitForFunction(() => !document.documentElement.dataset.navigating);
        assertEquals(await search.inputValue(), "Mamu");
        await page.goBack();
        await page.waitForURL(`${base}/students`);
        await page.waitForFunction(() =>
          (document.getElementById("students-filter-text") as HTMLInputElement | null)?.value === ""
        );
      });

      await t.step("on a slow device, no letter is lost while the list follows the typing", async () => {
        // A four times slower processor stretches each swap of the list (and the new filter's waking) long
        // enough for the next letters to arrive in the middle of it.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        try {
          await search.focus();
          await search.pressSequentially("Mamulashvili", { delay: 300 });
          await page.waitForURL((url) => url.searchParams.get("text") === "Mamulashvili", {
            timeout: 15_000,
          });
          assertEquals(await search.inputValue(), "Mamulashvili");
          assertEquals(await page.evaluate(() => document.activeElement?.id), "students-filter-text");
        } finally {
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
          await cdp.detach();
        }
        await page.goto(`${base}/students`);
        await page.waitForSelector("html[data-hydrated=true]");
      });

      await t.step("letters typed before the page's script ran are searched once it runs", async () => {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const boot = "**/static/_build/boot-*.js";
        await page.route(boot, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${base}/students`, { waitUntil: "commit" });
        await search.fill("Mamu");
        release();
        await page.waitForURL((url) => url.searchParams.get("text") === "Mamu");
        await page.unroute(boot);
        assertEquals(await search.inputValue(), "Mamu");
      });

      await t.step("a school keeps a program it has and clears one it does not", async () => {
        await page.goto(`${base}/students`);
        await page.waitForSelector("html[data-hydrated=true]");
        const schoolOf = new Map(
          ((await page.locator("#students-filter").getAttribute("data-program-schools")) ?? "").split(" ")
            .map((pair) => pair.split(":") as [string, string]),
        );
        const [program, school] = [...schoolOf][0];
        const otherSchool = [...schoolOf.values()].find((s) => s !== school)!;
        await page.selectOption("#students-filter-program", program);
        await page.waitForURL((url) => url.searchParams.get("programId") === program);
        await page.selectOption("#students-filter-school", school);
        await page.waitForURL((url) => url.searchParams.get("schoolId") === school);
        assertEquals(query(), { schoolId: school, programId: program });
        await page.waitForFunction(() => !document.documentElement.dataset.navigating);
        await page.selectOption("#students-filter-school", otherSchool);
        await page.waitForURL((url) => url.searchParams.get("schoolId") === otherSchool);
        assertEquals(query(), { schoolId: otherSchool });
        await page.waitForFunction(() => !document.documentElement.dataset.navigating);
        assertEquals(await page.inputValue("#students-filter-program"), "");
      });

      await t.step("a bookmarked filter opens as it was, without typing", async () => {
        await page.goto(`${base}/students?text=Mamulashvili&status=active`);
        assertEquals(await search.inputValue(), "Mamulashvili");
        assertEquals(await page.inputValue("#students-filter-status"), "active");
      });

      await t.step("a student's page shows the profile and the transcript by semester", async () => {
        await page.locator("tbody tr td:first-child a").first().click();
        await page.waitForURL(/\/students\/\d+$/);
        const transcript = page.getByTestId("transcript");
        await transcript.waitFor();
        assert(await transcript.locator("table").count() >= 1, "at least one semester");
        assert(/^\d\.\d\d$/.test((await page.getByTestId("student-gpa").textContent())?.trim() ?? ""));
        await page.getByTestId("student-history").waitFor();
      });

      await t.step("editing with a bad personal number shows the error under the field", async () => {
        await page.waitForSelector("html[data-hydrated=true]");
        await page.getByTestId("student-edit").click();
        const field = page.locator("#student-form-edit-personalNumber");
        await field.fill("12345");
        await page.locator("dialog#student-form-edit button[type=submit]").click();
        await page.locator("#student-form-edit-personalNumber-error").waitFor();
        assertEquals(
          (await page.locator("#student-form-edit-personalNumber-error").textContent())?.trim(),
          "პირადი ნომერი ზუსტად 11 ციფრისგან შედგება",
        );
        assertEquals(await field.getAttribute("aria-invalid"), "true");
      });

      await t.step("export downloads exactly what the filter shows", async () => {
        await page.goto(`${base}/students?status=graduated`);
        await page.waitForSelector("html[data-hydrated=true]");
        const total = Number((await page.getByTestId("students-total").textContent())?.match(/\d+/)?.[0]);
        assert(total > 0, "the demo data has graduated students");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("students-export").click(),
        ]);
        assert(download.suggestedFilename().endsWith(".xlsx"));
        const bytes = await Deno.readFile((await download.path())!);
        const sheet = XLSX.read(bytes).Sheets[XLSX.read(bytes).SheetNames[0]];
        const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
        assertEquals(rows.length - 1, total);
      });

      assertEquals(errors, []);
    }),
});

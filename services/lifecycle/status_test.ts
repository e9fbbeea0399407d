/**
 * Status changes on a :memory: KV: each allowed change moves the registry's status and leaves a history
 * event and an audit entry; withdrawals fill the school-leavers list and re-admission empties it; graduation
 * lists the student among the year's alumni with the final GPA; a change the status does not allow is 409.
 */
import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { listAudit } from "../db/reads.ts";
import { AppError } from "../../utils/errors.ts";
import { addProgram } from "../admissions/test_fixtures.ts";
import { createStudent } from "../students/mod.ts";
import type { Student } from "../academic/model.ts";
import { changeStudentStatus, statusHistory } from "./status.ts";
import { alumniYears, listAlumni, listLeavers } from "./lists.ts";

const statusOf = async (id: number) => (await db().get<Student>(["students", id])).value!.status;

Deno.test("lifecycle: status changes", async (t) => {
  await openDb(":memory:");
  try {
    await addProgram(1);
    const base = {
      firstNameKa: "ლევანი",
      lastNameKa: "კაპანაძე",
      firstNameEn: "Levan",
      lastNameEn: "Kapanadze",
      birthDate: "2003-02-01",
      email: "levan@example.ge",
      phone: "",
      programId: 1,
      status: "active" as const,
      admissionYear: 2022,
    };
    const a = (await createStudent({ ...base, personalNumber: "01001000001" }, 1)).id;
    const b = (await createStudent({ ...base, personalNumber: "01001000002" }, 1)).id;
    await db().set(["transcript_totals", b], { credits: 240, earned: 240, weighted10: 240 * 35 });

    await t.step(
      "a withdrawal lists the student among the school leavers, with reason and date",
      async () => {
        await changeStudentStatus(a, { action: "withdraw", reason: "Moved abroad", date: "2026-02-10" }, 1);
        assertEquals(await statusOf(a), "withdrawn");
        const leavers = await listLeavers();
        assertEquals(leavers.map((l) => [l.studentId, l.reason, l.date, l.firstNameEn]), [
          [a, "Moved abroad", "2026-02-10", "Levan"],
        ]);
      },
    );

    await t.step("a change the status does not allow is 409 and changes nothing", async () => {
      const error = await assertRejects(
        () => changeStudentStatus(a, { action: "suspend", reason: "x", date: "2026-02-11" }, 1),
        AppError,
      ) as AppError;
      assertEquals([error.status, error.code], [409, "wrong_status"]);
      assertEquals(await statusOf(a), "withdrawn");
      const missing = await assertRejects(
        () => changeStudentStatus(a, { action: "readmit", reason: "", date: "" }, 1),
        AppError,
      ) as AppError;
      assertEquals(Object.keys(missing.options.fields ?? {}).sort(), ["date", "reason"]);
    });

    await t.step("re-admission makes the student active and takes them off the list", async () => {
      await changeStudentStatus(a, { action: "readmit", reason: "Returned", date: "2026-09-01" }, 1);
      assertEquals(await statusOf(a), "active");
      assertEquals(await listLeavers(), []);
      assertEquals((await statusHistory(a)).map((e) => [e.from, e.to]), [
        ["active", "withdrawn"],
        ["withdrawn", "active"],
      ]);
      const audit = await listAudit("students", a, { limit: 10 });
      assertEquals(audit.items.length, 3); // created, withdrawn, re-admitted
    });

    await t.step("suspension and return", async () => {
      await changeStudentStatus(a, { action: "suspend", reason: "Leave", date: "2026-10-01" }, 1);
      assertEquals(await statusOf(a), "suspended");
      await changeStudentStatus(a, { action: "return", reason: "Back", date: "2027-02-01" }, 1);
      assertEquals(await statusOf(a), "active");
    });

    await t.step("graduation lists the student among the year's alumni with the final GPA", async () => {
      await changeStudentStatus(b, { action: "graduate", reason: "Completed", date: "2026-07-01" }, 1);
      assertEquals(await statusOf(b), "graduated");
      assertEquals(await alumniYears(), [2026]);
      const alumni = await listAlumni(2026, 1);
      assertEquals(alumni.map((x) => [x.studentId, x.gpa, x.credits]), [[b, 3.5, 240]]);
      assertEquals(await listAlumni(2025), []);
    });
  } finally {
    await closeDb();
  }
});

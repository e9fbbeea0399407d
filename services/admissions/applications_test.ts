/**
 * Applications on a :memory: KV: a submission gets a reference, a resubmission of the same person and program
 * updates it, bad input is reported at its fields and stores nothing, decisions follow the pipeline, and
 * enrolment creates the student with the application's state in one write.
 */
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { AppError } from "../../utils/errors.ts";
import { decideApplication, getApplication, listApplications, submitApplication } from "./applications.ts";
import { enrolApplication } from "./enrol.ts";
import { addProgram, applicantForm, bothDocuments, PDF } from "./test_fixtures.ts";
import type { Student } from "../academic/model.ts";

const NOW = new Date("2026-06-01T10:00:00Z");

async function refusal(p: Promise<unknown>): Promise<AppError> {
  return await assertRejects(() => p, AppError) as AppError;
}

async function countKeys(prefix: Deno.KvKey): Promise<number> {
  let n = 0;
  for await (const _ of db().list({ prefix })) n++;
  return n;
}

Deno.test("admissions: applications", async (t) => {
  await openDb(":memory:");
  try {
    await addProgram(1);
    await addProgram(2, "closed");
    const submit = (overrides = {}, files = bothDocuments(), consent = true) =>
      submitApplication({ form: applicantForm(overrides), consent, files, lang: "ka" }, NOW);

    await t.step("a submission gets a reference number and is 'submitted'", async () => {
      const result = await submit();
      assertEquals(result, { reference: "AD-2026-000001", updated: false });
      const { application } = await getApplication(1);
      assertEquals(application.state, "submitted");
      assertEquals(application.phone, "+995555123456");
      assertEquals(application.documents.map((d) => [d.kind, d.format]), [["identity", "pdf"], [
        "certificate",
        "png",
      ]]);
    });

    await t.step("the same person and program again updates the open application", async () => {
      const result = await submit({ email: "nino.b@example.ge" }, []);
      assertEquals(result, { reference: "AD-2026-000001", updated: true });
      assertEquals((await getApplication(1)).application.email, "nino.b@example.ge");
      assertEquals((await listApplications({})).total, 1);
    });

    await t.step("every bad field is named at once, and nothing is stored", async () => {
      const files = await countKeys(["files"]);
      const error = await refusal(submit(
        { personalNumber: "123", firstNameKa: "Nino", programId: "2" },
        [{ kind: "identity", name: "id.pdf", bytes: new TextEncoder().encode("not a pdf") }],
        false,
      ));
      assertEquals(error.status, 422);
      const fields = Object.keys(error.options.fields ?? {}).sort();
      assertEquals(fields, ["certificate", "consent", "firstNameKa", "identity", "personalNumber"]);
      assertEquals(await countKeys(["files"]), files);
      assertEquals((await listApplications({})).total, 1);
    });

    await t.step(
      "a closed program, a document whose name lies and a missing document are refused",
      async () => {
        const closed = await refusal(submit({ personalNumber: "01001012346", programId: "2" }));
        assertEquals(closed.options.fields?.programId?.key, "errors.programClosed");
        const lying = await refusal(submit({ personalNumber: "01001012346" }, [
          { kind: "identity", name: "id.png", bytes: PDF },
        ]));
        assertEquals(lying.options.fields?.identity?.key, "admissions.errors.documentMismatch");
        assertEquals(lying.options.fields?.certificate?.key, "admissions.errors.documentRequired");
      },
    );

    await t.step("a decision in the wrong state is 409 and changes nothing", async () => {
      const early = await refusal(decideApplication(1, { decision: "accepted" }, 2));
      assertEquals([early.status, early.code], [409, "wrong_state"]);
      const noReason = await refusal(decideApplication(1, { decision: "rejected" }, 2));
      assertEquals(noReason.status, 422);
      assertEquals((await getApplication(1)).application.state, "submitted");
    });

    await t.step(
      "checked, accepted, enrolled: the student exists with the application enrolled",
      async () => {
        await decideApplication(1, { decision: "checked" }, 2);
        await decideApplication(1, { decision: "accepted", reason: "Passed the exams" }, 2);
        const again = await refusal(submit());
        assertEquals(again.code, "already_accepted");
        const { student, application } = await enrolApplication(1, { admissionYear: 2026 }, 2);
        assertEquals(application.state, "enrolled");
        assertEquals(application.studentId, student.id);
        const stored = (await db().get<Student>(["students", student.id])).value!;
        assertEquals([stored.personalNumber, stored.status, stored.programId], ["01001012345", "active", 1]);
        assertEquals(
          (await db().get(["students_by_personal_number", "01001012345"])).value,
          student.id,
        );
        assertEquals(
          (await getApplication(1)).application.history.map((h) => h.state),
          ["submitted", "checked", "accepted", "enrolled"],
        );
        const twice = await refusal(enrolApplication(1, { admissionYear: 2026 }, 2));
        assertEquals(twice.code, "wrong_state");
      },
    );

    await t.step(
      "a personal number the registry holds is refused at enrolment, nothing half-written",
      async () => {
        await addProgram(3);
        const { reference } = await submit({ programId: "3" });
        assert(reference !== "AD-2026-000001");
        const id = Number(reference.slice(-6));
        await decideApplication(id, { decision: "checked" }, 2);
        await decideApplication(id, { decision: "accepted" }, 2);
        const students = await countKeys(["students"]);
        const error = await refusal(enrolApplication(id, { admissionYear: 2026 }, 2));
        assertEquals([error.status, error.code], [409, "duplicate"]);
        assertEquals(await countKeys(["students"]), students);
        assertEquals((await getApplication(id)).application.state, "accepted");
      },
    );
  } finally {
    await closeDb();
  }
});

/**
 * The structure API (schools and programs) as the registrar and as an account without the structure keys:
 * the whole life of a school and a program, the refusals (permissions, bad input in both languages,
 * duplicates, concurrent edits, removal while in use) and the change history.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { ROOT } from "./serve_flags.ts";

const app = await seededApp();
const KA = JSON.parse(await Deno.readTextFile(`${ROOT}/locales/ka.json`));
const staff = { authorization: `Bearer ${await tokenFor("staff")}`, cookie: "lang=en" };
const limited = { authorization: `Bearer ${await tokenFor("limited")}` };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = staff) {
  const res = await app.request(`/api${path}`, jsonRequest(method, body, headers));
  return { status: res.status, body: await res.json() };
}

const school = { nameKa: "ტესტის სკოლა", nameEn: "Test School", code: "TST-API", deanHrId: null };
const program = (schoolId: number) => ({
  nameKa: "ტესტის პროგრამა",
  nameEn: "Test Program",
  code: "TST_PRG",
  schoolId,
  level: 2,
  credits: 120,
  language: "en",
  status: "active",
});

Deno.test("structure API", async (t) => {
  let schoolId = 0;
  let schoolStamp = "";
  let programId = 0;
  let programStamp = "";

  await t.step("staff adds a school, finds it by text and edits it with the version it saw", async () => {
    const added = await call("POST", "/schools", school);
    assertEquals(added.status, 201);
    assertMatch(added.body.versionstamp, /^[0-9a-f]{20}$/);
    schoolId = added.body.id;
    const listed = await call("GET", "/schools?text=tst-api");
    assertEquals(listed.status, 200);
    assertEquals(listed.body.total, 1);
    assertEquals(listed.body.data[0].programCount, 0);
    assertEquals(listed.body.data[0].versionstamp, added.body.versionstamp);
    const edited = await call("PUT", `/schools/${schoolId}`, {
      ...school,
      nameEn: "Test School of Law",
      versionstamp: added.body.versionstamp,
    });
    assertEquals(edited.status, 200);
    assertEquals(edited.body.nameEn, "Test School of Law");
    schoolStamp = edited.body.versionstamp;
    const stale = await call("PUT", `/schools/${schoolId}`, {
      ...school,
      versionstamp: added.body.versionstamp,
    });
    assertEquals([stale.status, stale.body.error.code], [409, "conflict"]);
  });

  await t.step("a duplicate code in another case → 409 naming the field `code`", async () => {
    const duplicate = await call("POST", "/schools", { ...school, code: "tst-api" });
    assertEquals(duplicate.status, 409);
    assertEquals(duplicate.body.error.code, "duplicate");
    assertEquals(Object.keys(duplicate.body.error.fields), ["code"]);
  });

  await t.step("staff adds a program to the school and filters programs by school and level", async () => {
    const added = await call("POST", "/programs", program(schoolId));
    assertEquals(added.status, 201);
    programId = added.body.id;
    programStamp = added.body.versionstamp;
    const listed = await call("GET", `/programs?schoolId=${schoolId}&level=2&status=active`);
    assertEquals(listed.body.data.map((p: { code: string }) => p.code), ["TST_PRG"]);
    assertEquals(listed.body.data[0].schoolCode, "TST-API");
    assertEquals((await call("GET", `/programs?schoolId=${schoolId}&level=1`)).body.total, 0);
    const edited = await call("PUT", `/programs/${programId}`, {
      ...program(schoolId),
      credits: 90,
      versionstamp: programStamp,
    });
    assertEquals([edited.status, edited.body.credits], [200, 90]);
    programStamp = edited.body.versionstamp;
  });

  await t.step(
    "removing the school while it has a program → 409 in_use, in the request's language",
    async () => {
      const refused = await call("DELETE", `/schools/${schoolId}?versionstamp=${schoolStamp}`);
      assertEquals([refused.status, refused.body.error.code], [409, "in_use"]);
      assertMatch(refused.body.error.message, /still has programs \(1\)/);
      const inKa = await call("DELETE", `/schools/${schoolId}?versionstamp=${schoolStamp}`, undefined, {
        authorization: staff.authorization,
      });
      assertMatch(inKa.body.error.message, /პროგრამები \(1\)/);
      assertEquals((await call("GET", "/schools?text=TST-API")).body.data[0].programCount, 1);
    },
  );

  await t.step("bad input → 422 with field errors in English and in Georgian", async () => {
    const bad = { nameKa: "", nameEn: "x".repeat(201), code: "a b", deanHrId: 0 };
    const en = await call("POST", "/schools", bad);
    assertEquals([en.status, en.body.error.code], [422, "invalid"]);
    assertEquals(en.body.error.fields.nameKa, "This field is required");
    assertEquals(en.body.error.fields.nameEn, "At most 200 characters");
    assertEquals(en.body.error.fields.code, "The format is not valid");
    assert(en.body.error.fields.deanHrId);
    const ka = await call("POST", "/schools", bad, { authorization: staff.authorization, cookie: "lang=ka" });
    assertEquals(ka.body.error.fields.nameKa, KA.errors.required);
    assertMatch(ka.body.error.fields.nameKa, /[\u10D0-\u10FF]/);
    const unknownSchool = await call("POST", "/programs", { ...program(999_999), code: "ZQX1" });
    assertEquals(unknownSchool.status, 422);
    assertEquals(unknownSchool.body.error.fields, { schoolId: "There is no such school" });
    const unknownDean = await call("POST", "/schools", { ...school, code: "ZQX2", deanHrId: 999_999 });
    assertEquals(Object.keys(unknownDean.body.error.fields), ["deanHrId"]);
    const outOfRange = await call("POST", "/programs", {
      ...program(schoolId),
      code: "ZQX3",
      level: 7,
      credits: 601,
      language: "es",
    });
    assertEquals(Object.keys(outOfRange.body.error.fields).sort(), ["credits", "language", "level"]);
    const noVersion = await call("DELETE", `/programs/${programId}`);
    assertEquals([noVersion.status, Object.keys(noVersion.body.error.fields)], [422, ["versionstamp"]]);
    assertEquals((await call("GET", "/schools?text=ZQX")).body.total, 0);
    assertEquals((await call("GET", "/programs?text=ZQX")).body.total, 0);
  });

  await t.step("limited (no structure keys) is refused every operation with 403", async () => {
    const id = schoolId;
    const attempts: [string, string, unknown?][] = [
      ["GET", "/schools"],
      ["POST", "/schools", { ...school, code: "LIM" }],
      ["PUT", `/schools/${id}`, { ...school, versionstamp: schoolStamp }],
      ["DELETE", `/schools/${id}?versionstamp=${schoolStamp}`],
      ["GET", `/schools/${id}/log`],
      ["GET", "/programs"],
      ["POST", "/programs", program(id)],
      ["PUT", `/programs/${programId}`, { ...program(id), versionstamp: programStamp }],
      ["DELETE", `/programs/${programId}?versionstamp=${programStamp}`],
      ["GET", `/programs/${programId}/log`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, body, limited);
      assertEquals(res.status, 403, `${method} ${path}`);
    }
  });

  await t.step("staff removes the program, then the school; the log names who did what", async () => {
    const program = await call("DELETE", `/programs/${programId}?versionstamp=${programStamp}`);
    assertEquals([program.status, program.body.result], [200, "yes"]);
    const removed = await call("DELETE", `/schools/${schoolId}?versionstamp=${schoolStamp}`);
    assertEquals(removed.status, 200);
    assertEquals((await call("GET", "/schools?text=TST-API")).body.total, 0);
    const log = await call("GET", `/schools/${schoolId}/log`);
    assertEquals(log.status, 200);
    assertEquals(log.body.data.map((e: { action: string }) => e.action), ["remove", "update", "create"]);
    assertEquals(log.body.data[0].actorName, "Mariam Kapanadze");
    assertEquals(log.body.data[1].before.nameEn, "Test School");
    assertEquals(log.body.data[1].after.nameEn, "Test School of Law");
    assertEquals((await call("GET", "/schools/999999/log")).status, 404);
    const programLog = await call("GET", `/programs/${programId}/log`);
    assertEquals(programLog.body.data.map((e: { action: string }) => e.action), [
      "remove",
      "update",
      "create",
    ]);
    assertEquals([programLog.body.data[1].before.credits, programLog.body.data[1].after.credits], [120, 90]);
  });
});

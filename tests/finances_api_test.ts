/**
 * Finances through HTTP (issue 21): the registrar sets tuition and the hold rule, enters and reverses a
 * payment, imports a bank statement (dry run per row, then once: the same file again adds nothing), sees the
 * debtors; a student with a debt is refused registration and told the amount, and paying lifts the hold. Bad
 * input — a fraction of a tetri, a negative amount, an unknown student, a malformed statement — is a 422 with
 * the fields named and writes nothing; a student has no access to anyone's money but their own.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "student", "limited"] as const) tokens.set(account, await tokenFor(account));

async function call(account: DemoAccount, method: string, path: string, body?: unknown, lang = "en") {
  const res = await app.request(
    path,
    jsonRequest(method, body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    // deno-lint-ignore no-explicit-any
    body: type.includes("json") ? await res.json() : new Uint8Array(await res.arrayBuffer()) as any,
  };
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

Deno.test("finances API", async (t) => {
  const me = (await call("student", "GET", "/api/finance_students/mine")).body;
  const studentId: number = me.studentId;
  assert(studentId > 0);
  const ledgerOf = async () => (await call("staff", "GET", `/api/finance_students/${studentId}`)).body;

  await t.step("staff sets tuition and the hold rule; a wrong program is named at its row", async () => {
    const params = (await call("staff", "GET", "/api/finance_params")).body;
    const bad = await call("staff", "PUT", "/api/finance_params", {
      ...params,
      tuition: [{ programId: 999999, basis: "credit", amount: 5000 }],
    });
    assertEquals(bad.status, 422);
    assert(bad.body.error.fields["tuition.0.programId"]);
    const saved = await call("staff", "PUT", "/api/finance_params", {
      ...params,
      tuition: [{ programId: 1, basis: "year", amount: 225000 }],
      dueDays: 0,
      holdsEnabled: true,
      holdThreshold: 10000,
      graceDays: 0,
    });
    assertEquals(saved.status, 200);
    assertEquals((await call("staff", "GET", "/api/finance_params")).body.holdThreshold, 10000);
  });

  await t.step("bad amounts, dates and students: 422 with each field named, nothing written", async () => {
    const before = (await ledgerOf()).entries.length;
    const fraction = await call("staff", "POST", "/api/finance_entries", {
      studentId,
      kind: "payment",
      amount: 10.5,
      date: "2026-13-01",
    });
    assertEquals(fraction.status, 422);
    assert(fraction.body.error.fields.amount && fraction.body.error.fields.date);
    const negative = await call("staff", "POST", "/api/finance_entries", {
      studentId,
      kind: "payment",
      amount: -500,
      date: "2026-11-01",
    });
    assertEquals(negative.status, 422);
    const unknown = await call("staff", "POST", "/api/finance_entries", {
      studentId: 99999,
      kind: "charge",
      amount: 500,
      date: "2026-11-01",
    });
    assertEquals([unknown.status, Object.keys(unknown.body.error.fields)], [422, ["studentId"]]);
    assertEquals((await ledgerOf()).entries.length, before);
  });

  await t.step("a student with a debt past the threshold is refused registration and told why", async () => {
    const charge = await call("staff", "POST", "/api/finance_entries", {
      studentId,
      kind: "charge",
      amount: 150000,
      date: "2026-09-01",
      reference: "tuition fall",
      requestId: "fall-charge",
    });
    assertEquals(charge.status, 201);
    const again = await call("staff", "POST", "/api/finance_entries", {
      studentId,
      kind: "charge",
      amount: 150000,
      date: "2026-09-01",
      requestId: "fall-charge",
    });
    assertEquals(again.body.id, charge.body.id, "the same request id writes nothing");
    const offers = (await call("student", "GET", "/api/registration_offerings?limit=200")).body.data;
    const free = offers.find((o: { mine: unknown }) => !o.mine);
    const refused = await call("student", "POST", "/api/registrations", { sectionId: free.id });
    assertEquals(refused.status, 422);
    assertStringIncludes(refused.body.error.fields.hold, "GEL");
    const mine = (await call("student", "GET", "/api/registrations/mine")).body;
    assertEquals(mine.holds.map((h: { kind: string }) => h.kind), ["finance"]);
  });

  let paymentId = "";
  await t.step("a payment lifts the hold; a wrong one is reversed once", async () => {
    const balance = (await ledgerOf()).balance;
    const paid = await call("staff", "POST", "/api/finance_entries", {
      studentId,
      kind: "payment",
      amount: balance,
      date: "2026-11-20",
      reference: "cash desk",
    });
    assertEquals(paid.status, 201);
    paymentId = paid.body.id;
    assertEquals((await call("student", "GET", "/api/registrations/mine")).body.holds, []);
    const reversed = await call("staff", "POST", `/api/finance_entries/${paymentId}/reverse`, {
      reason: "wrong student",
    });
    assertEquals([reversed.status, reversed.body.kind, reversed.body.reverses], [201, "reversal", paymentId]);
    const twice = await call("staff", "POST", `/api/finance_entries/${paymentId}/reverse`, {
      reason: "again",
    });
    assertEquals([twice.status, twice.body.error.code], [409, "already_reversed"]);
    const ledger = await ledgerOf();
    assertEquals(ledger.balance, balance);
    assertEquals(ledger.entries.find((e: { id: string }) => e.id === paymentId).reversedBy, reversed.body.id);
  });

  await t.step(
    "a bank statement: dry run per row, then written once; the same file again adds nothing",
    async () => {
      const csv = [
        "date,reference,amount,student",
        `2026-11-21,BANK-1,"1,000.00",${studentId}`.replace('"1,000.00"', "1000.00"),
        `21.11.2026,BANK-2,250.5,${studentId}`,
      ].join("\n");
      const dry = await call("staff", "POST", "/api/finance_imports", {
        name: "s.csv",
        content: base64(csv),
      });
      assertEquals(dry.status, 200);
      assertEquals(dry.body.counts, { new: 2, duplicate: 0, error: 0, written: 0 });
      assertEquals(dry.body.rows.map((r: { amount: number }) => r.amount), [100000, 25050]);
      const before = (await ledgerOf()).entries.length;
      const done = await call("staff", "POST", "/api/finance_imports", {
        name: "s.csv",
        content: base64(csv),
        dryRun: false,
      });
      assertEquals(done.body.counts.written, 2);
      const again = await call("staff", "POST", "/api/finance_imports", {
        name: "s.csv",
        content: base64(csv),
        dryRun: false,
      });
      assertEquals(again.body.counts, { new: 0, duplicate: 2, error: 0, written: 0 });
      assertEquals((await ledgerOf()).entries.length, before + 2);
    },
  );

  await t.step("a statement with malformed rows names each and writes nothing", async () => {
    const before = (await ledgerOf()).entries.length;
    const csv =
      `date,reference,amount,student\n2026-11-30,BANK-9,12.345,${studentId}\nnot a date,,5,99999999\n`;
    const dry = await call("staff", "POST", "/api/finance_imports", { name: "b.csv", content: base64(csv) });
    assertEquals(dry.body.counts.error, 2);
    assert(dry.body.rows[0].errors.amount);
    assertEquals(Object.keys(dry.body.rows[1].errors).sort(), ["date", "reference", "student"]);
    const refused = await call("staff", "POST", "/api/finance_imports", {
      name: "b.csv",
      content: base64(csv),
      dryRun: false,
    });
    assertEquals(refused.status, 422);
    assert(refused.body.error.fields["rows.2.amount"]);
    const garbage = await call("staff", "POST", "/api/finance_imports", {
      name: "x.xlsx",
      content: base64("PK junk"),
    });
    assertEquals(garbage.status, 422);
    assertEquals((await ledgerOf()).entries.length, before);
  });

  await t.step("debtors, the period report and the transactions export agree with the ledger", async () => {
    await call("staff", "POST", "/api/finance_entries", {
      studentId,
      kind: "charge",
      amount: 700000,
      date: "2026-11-22",
    });
    const debtors = (await call("staff", "GET", "/api/finance_reports?kind=debtors&date=2026-11-22")).body;
    const row = debtors.debtors.find((d: { studentId: number }) => d.studentId === studentId);
    assertEquals(row.balance, (await ledgerOf()).balance);
    assertEquals(
      debtors.totals.balance,
      debtors.debtors.reduce((s: number, d: { balance: number }) => s + d.balance, 0),
    );
    const period =
      (await call("staff", "GET", "/api/finance_reports?kind=period&from=2026-01-01&to=2026-12-31"))
        .body;
    let net = 0, count = 0, total = 0;
    for (let page = 1; page === 1 || count < total; page++) {
      const path = `/api/finance_entries?from=2026-01-01&to=2026-12-31&limit=200&page=${page}`;
      const events = (await call("staff", "GET", path)).body;
      total = events.total;
      count += events.data.length;
      net += events.data.reduce((s: number, e: { signed: number }) => s + e.signed, 0);
    }
    assertEquals([period.total.entries, period.total.net], [total, net]);
    const xlsx = await call("staff", "GET", "/api/finance_reports/export?kind=debtors");
    assertEquals([xlsx.status, xlsx.body[0], xlsx.body[1]], [200, 0x50, 0x4b]);
  });

  await t.step("a discount type is assigned for a period, approved once into a ledger line", async () => {
    const bad = await call("staff", "POST", "/api/finance_discounts", {
      nameKa: "x",
      nameEn: "x",
      category: "social",
      kind: "percent",
      value: 150,
    });
    assertEquals([bad.status, Object.keys(bad.body.error.fields)], [422, ["value"]]);
    const type = await call("staff", "POST", "/api/finance_discounts", {
      nameKa: "სოციალური 10%",
      nameEn: "Social 10%",
      category: "social",
      kind: "percent",
      value: 10,
    });
    assertEquals(type.status, 201);
    const assigned = await call("staff", "POST", "/api/finance_discounts/assignments", {
      studentId,
      discountId: type.body.id,
      from: "2026-09-01",
      to: "2026-09-01",
    });
    assertEquals([assigned.status, assigned.body.status], [201, "pending"]);
    const list = (await call("staff", "GET", "/api/finance_discounts")).body;
    const shown = list.assignments.find((a: { id: string }) => a.id === assigned.body.id);
    const approvePath = `/api/finance_discounts/assignments/${studentId}/${assigned.body.id}/approve`;
    const approved = await call("staff", "POST", approvePath, { versionstamp: shown.versionstamp });
    assertEquals([approved.status, approved.body.status], [200, "approved"]);
    const entries: { id: string; kind: string; date: string; amount: number; reversedBy: string | null }[] =
      (await ledgerOf()).entries;
    const charged = entries.filter((e) => e.kind === "charge" && e.date === "2026-09-01" && !e.reversedBy)
      .reduce((sum, e) => sum + e.amount, 0);
    const line = entries.find((e) => e.id === approved.body.entryId)!;
    assertEquals(
      [line.kind, line.amount],
      ["discount", Math.round(charged / 10)],
      "10% of that day's charges",
    );
    const stale = await call("staff", "POST", approvePath, { versionstamp: shown.versionstamp });
    assertEquals(stale.status, 409);
    const removal = await call("staff", "DELETE", `/api/finance_discounts/${type.body.id}`, {
      versionstamp: "00000000000000000000",
    });
    assertEquals(removal.status, 409, "a type that was given stays");
  });

  await t.step("a student sees only their own money", async () => {
    assertEquals((await call("student", "GET", `/api/finance_students/${studentId}`)).status, 403);
    assertEquals((await call("student", "GET", "/api/finance_entries")).status, 403);
    assertEquals((await call("limited", "GET", "/api/finance_students")).status, 403);
    const mine = (await call("student", "GET", "/api/finance_students/mine")).body;
    assertEquals(mine.studentId, studentId);
    assert(mine.entries.length > 0);
  });
});

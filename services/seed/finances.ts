/**
 * Seed part "finances": the parameters (a yearly tuition for every program, two installments, a late fee, a
 * finance hold past 1,000 GEL overdue for two weeks), the fall semester's tuition charged to every student on
 * 2026-09-01, discount types and scholarships assigned and approved (discount lines), payments from the bank, and a few debtors. Small demo: written
 * through the ledger itself (students 1–120; 113–116 owe less than the threshold, 117 owes the whole
 * semester and a late fee and has a finance hold). Large demo: every student's ledger and projection in bulk.
 */
import { bulkSet } from "../db/kv.ts";
import { appendEntry, duesOf } from "../finances/ledger.ts";
import { DEFAULT_PARAMS, type FinanceParams, keys, type LedgerEntry, monthSumOf } from "../finances/model.ts";
import { setParams } from "../finances/params.ts";
import { addDiscount, approveAssignment, assignDiscount, type DiscountInput } from "../finances/discounts.ts";
import { emptyProjection, withEntry } from "../finances/projection.ts";
import { studentStructure } from "../students/list_index.ts";
import { db } from "../db/kv.ts";
import type { SeedContext, SeedPart } from "./mod.ts";
// Registrations made after this part (and by people) are charged: the listener is part of the demo's app.
import "../finances/registration_charges.ts";

const SEMESTER_FEE = 112_500;
const CHARGED = "2026-09-01";
export const DEMO_HOLD_STUDENT = 117;
const DEBTORS: Record<number, number> = { 113: 80_000, 114: 56_250, 115: 92_500, 116: 22_500, 117: 0 };

async function demoParams(): Promise<FinanceParams> {
  const { programList } = await studentStructure();
  return {
    ...DEFAULT_PARAMS,
    tuition: programList.map((p) => ({ programId: p.id, basis: "year" as const, amount: 2 * SEMESTER_FEE })),
    defaultPerCredit: 3_750,
    installments: 2,
    installmentDays: 30,
    dueDays: 30,
    lateFee: { kind: "fixed", value: 2_000, afterDays: 30 },
    holdsEnabled: true,
    holdThreshold: 100_000,
    graceDays: 14,
  };
}

export const financesSeed: SeedPart = {
  name: "finances",
  async run(ctx) {
    const params = await setParams(await demoParams(), null);
    if (ctx.size === "large") return await seedLarge(params, ctx);
    const [scholarship] = await seedDiscountTypes();
    let entries = 0;
    const add = async (entry: Parameters<typeof appendEntry>[0]) => {
      await appendEntry(entry, null);
      entries++;
    };
    for (let studentId = 1; studentId <= 120; studentId++) {
      const student = { studentId, reference: "Fall 2026 / შემოდგომა 2026" };
      await add({
        ...student,
        kind: "charge",
        amount: SEMESTER_FEE,
        date: CHARGED,
        source: seedSource(studentId, "fee"),
      });
      let owed = SEMESTER_FEE;
      if (studentId % 8 === 0) {
        // A scholarship through the discounts' own path: assigned, then approved into a ledger line.
        const assigned = await assignDiscount(
          { studentId, discountId: scholarship.id, from: CHARGED, to: CHARGED },
          null,
        );
        const stored = await db().get(keys.assignment(studentId, assigned.id));
        await approveAssignment(studentId, assigned.id, stored.versionstamp!, null);
        entries++;
        owed -= SEMESTER_FEE / 2;
      }
      const paid = DEBTORS[studentId] ?? owed;
      if (paid > 0) {
        await add({
          studentId,
          kind: "payment",
          amount: paid,
          date: `2026-09-${String(5 + (studentId % 20)).padStart(2, "0")}`,
          reference: `DEMO-BANK-${studentId}`,
          source: { type: "import", id: `DEMO-BANK-${studentId}` },
        });
      }
    }
    await add({
      studentId: DEMO_HOLD_STUDENT,
      kind: "late_fee",
      amount: 2_000,
      date: "2026-11-01",
      reference: "Late fee / ჯარიმა",
      source: seedSource(DEMO_HOLD_STUDENT, "late-2026-11"),
    });
    ctx.log(`finances (small): ${entries} ledger entries, debtors ${Object.keys(DEBTORS).join(", ")}`);
  },
};

async function seedDiscountTypes() {
  const types: DiscountInput[] = [
    {
      nameKa: "სტიპენდია 50%",
      nameEn: "Scholarship 50%",
      category: "scholarship",
      kind: "percent",
      value: 50,
    },
    { nameKa: "სოციალური 20%", nameEn: "Social 20%", category: "social", kind: "percent", value: 20 },
    { nameKa: "და-ძმა 10%", nameEn: "Sibling 10%", category: "sibling", kind: "percent", value: 10 },
    {
      nameKa: "თანამშრომელი 300 ლარი",
      nameEn: "Staff 300 GEL",
      category: "staff",
      kind: "fixed",
      value: 30_000,
    },
  ];
  const out = [];
  for (const type of types) out.push(await addDiscount(type, null));
  return out;
}

const seedSource = (studentId: number, what: string) => ({
  type: "seed" as const,
  id: `${studentId}:${what}`,
});

/** Every student's charge and (mostly) payment, with the projection, in bulk: no audit, no holds. */
async function seedLarge(params: FinanceParams, ctx: SeedContext) {
  const count = (await db().get<number>(["counters", "students"])).value ?? 0;
  const at = new Date().toISOString();
  let n = 0;
  function* writes(): Generator<readonly [Deno.KvKey, unknown]> {
    for (let studentId = 1; studentId <= count; studentId++) {
      let projection = emptyProjection(studentId);
      const roll = ctx.random.int(1, 100);
      const paid = roll <= 85 ? SEMESTER_FEE : roll <= 95 ? ctx.random.int(1, 9) * 10_000 : 0;
      const lines: [string, LedgerEntry["kind"], number, string][] = [[
        "fee",
        "charge",
        SEMESTER_FEE,
        CHARGED,
      ]];
      if (paid) {
        lines.push(["paid", "payment", paid, `2026-09-${String(5 + (studentId % 20)).padStart(2, "0")}`]);
      }
      for (const [what, kind, amount, date] of lines) {
        const id = `SEED${String(studentId).padStart(10, "0")}${what.toUpperCase().padEnd(12, "0")}`.slice(
          0,
          26,
        );
        const signed = kind === "charge" ? amount : -amount;
        const entry: LedgerEntry = {
          id,
          studentId,
          kind,
          amount,
          signed,
          date,
          dues: signed > 0 ? duesOf(kind, amount, date, params) : [],
          reference: kind === "payment" ? `BANK-${studentId}` : "Fall 2026",
          note: "",
          author: null,
          source: kind === "payment"
            ? { type: "import", id: `BANK-${studentId}` }
            : seedSource(studentId, what),
          reverses: null,
          at,
        };
        projection = withEntry(projection, entry);
        const month = monthSumOf(entry);
        months.set(month.key.join("|"), (months.get(month.key.join("|")) ?? 0) + month.tetri);
        n++;
        yield [keys.entry(studentId, date, id), entry];
        yield [keys.entryId(id), { studentId, date }];
        yield [keys.event(date, id), studentId];
        yield [keys.source(entry.source), id];
      }
      yield [keys.balance(studentId), projection];
    }
  }
  // The entries' monthly sums (keys.month), as appending each entry would have moved them.
  const months = new Map<string, number>();
  await bulkSet(writes());
  const sums = db().atomic().sum(keys.version(), 1n);
  for (const [key, tetri] of months) sums.sum(key.split("|"), BigInt(tetri));
  await sums.commit();
  ctx.log(`finances (large): ${n} ledger entries for ${count} students`);
}

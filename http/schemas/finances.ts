/** Request and response shapes of finances: parameters, ledgers, entries, imports and reports (issue 21). */
import { z } from "@hono/zod-openapi";
import { AMOUNT_MAX, ENTRY_KINDS, MANUAL_KINDS, TEXT_MAX } from "../../services/finances/model.ts";
import { IdText } from "./timetable.ts";
import { isIsoDay } from "../../services/finances/projection.ts";

const Tetri = z.number().int().openapi({ description: "integer tetri (1/100 GEL)" });
const Amount = z.number().int().min(1).max(AMOUNT_MAX).openapi({
  description: "integer tetri (1/100 GEL), above 0",
  example: 125050,
});
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isIsoDay, { message: "finances.errors.date" })
  .openapi({ example: "2026-11-22", description: "YYYY-MM-DD, a real date" });
const Text = z.string().trim().max(TEXT_MAX);

export const StudentParam = z.object({
  studentId: IdText.openapi({ param: { name: "studentId", in: "path" } }),
});
export const EntryParam = z.object({
  entryId: z.string().regex(/^[0-9A-Z]{26}$/).openapi({
    param: { name: "entryId", in: "path" },
    description: "A ledger entry's id",
  }),
});

const TuitionRule = z.strictObject({
  programId: z.number().int().min(1).max(1_000_000_000),
  basis: z.enum(["year", "credit"]),
  amount: Tetri.min(0).max(AMOUNT_MAX),
});

export const Params = z.strictObject({
  currency: z.literal("GEL").default("GEL"),
  tuition: z.array(TuitionRule).max(500),
  defaultPerCredit: Tetri.min(0).max(AMOUNT_MAX),
  installments: z.number().int().min(1).max(12),
  installmentDays: z.number().int().min(1).max(366),
  dueDays: z.number().int().min(0).max(366),
  lateFee: z.strictObject({
    kind: z.enum(["none", "fixed", "percent"]),
    value: z.number().int().min(0).max(AMOUNT_MAX),
    afterDays: z.number().int().min(0).max(366),
  }),
  holdsEnabled: z.boolean(),
  holdThreshold: Tetri.min(0).max(AMOUNT_MAX),
  graceDays: z.number().int().min(0).max(366),
}).openapi("FinanceParams");

const Entry = z.object({
  id: z.string(),
  studentId: z.number().int(),
  kind: z.enum(ENTRY_KINDS as [string, ...string[]]),
  amount: Tetri,
  signed: Tetri,
  date: z.string(),
  dues: z.array(z.object({ date: z.string(), amount: Tetri })),
  reference: z.string(),
  note: z.string(),
  author: z.number().int().nullable(),
  source: z.object({ type: z.string(), id: z.string() }),
  reverses: z.string().nullable(),
  at: z.string(),
}).openapi("LedgerEntry");
export { Entry };

export const EntryBody = z.strictObject({
  studentId: z.number().int().min(1).max(1_000_000_000),
  kind: z.enum(MANUAL_KINDS),
  amount: Amount,
  date: Day,
  reference: Text.default(""),
  note: Text.default(""),
  requestId: z.string().max(64).regex(/^[\w-]+$/).optional().openapi({
    description: "the client's id of this entry: the same id sent again writes nothing",
  }),
}).openapi("LedgerEntryInput");

export const ReverseBody = z.strictObject({
  reason: z.string().trim().min(1).max(TEXT_MAX),
  date: Day.optional(),
}).openapi("LedgerReversalInput");

export const AsOfQuery = z.strictObject({ date: Day.optional() });

export const Ledger = z.object({
  studentId: z.number().int(),
  name: z.string(),
  date: z.string(),
  balance: Tetri,
  overdue: Tetri,
  entries: z.array(Entry.extend({ reversedBy: z.string().nullable() })),
  series: z.array(z.object({ date: z.string(), balance: Tetri })),
}).openapi("FinanceLedger");

export const StudentListQuery = z.strictObject({
  date: Day.optional(),
  text: z.string().trim().max(100).optional(),
  schoolId: IdText.optional(),
  programId: IdText.optional(),
  debtors: z.enum(["true", "false"]).optional().openapi({ description: "true: only students who owe" }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

const MoneyRow = z.object({
  studentId: z.number().int(),
  name: z.string(),
  program: z.string(),
  school: z.string(),
  balance: Tetri,
  overdue: Tetri,
});

export const StudentList = z.object({
  date: z.string(),
  total: z.number().int(),
  data: z.array(MoneyRow),
  totals: z.object({ balance: Tetri, overdue: Tetri }).nullable(),
}).openapi("FinanceStudentList");

export const EventQuery = z.strictObject({
  from: Day.optional(),
  to: Day.optional(),
  kind: z.enum(ENTRY_KINDS as [string, ...string[]]).optional(),
  studentId: IdText.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const EventList = z.object({
  total: z.number().int(),
  truncated: z.boolean(),
  data: z.array(Entry),
}).openapi("FinanceEventList");

export const ImportBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(1_000_000).regex(/^[A-Za-z0-9+/]*={0,2}$/).openapi({
    description: "the file (.csv or .xlsx), base64",
  }),
  dryRun: z.boolean().default(true),
}).openapi("FinanceImportInput");

export const ImportResult = z.object({
  dryRun: z.boolean(),
  rows: z.array(z.object({
    line: z.number().int(),
    date: z.string(),
    reference: z.string(),
    amount: Tetri.nullable(),
    studentId: z.number().int().nullable(),
    student: z.string(),
    status: z.enum(["new", "duplicate", "error"]),
    errors: z.record(z.string(), z.string()),
  })),
  counts: z.object({
    new: z.number().int(),
    duplicate: z.number().int(),
    error: z.number().int(),
    written: z.number().int(),
  }),
}).openapi("FinanceImportResult");

export const ReportQuery = z.strictObject({
  kind: z.enum(["debtors", "period"]).default("debtors"),
  date: Day.optional(),
  from: Day.optional(),
  to: Day.optional(),
  groupBy: z.enum(["school", "program"]).default("school").openapi({
    description: "the period report's rows: per school or per program",
  }),
});

const PeriodRow = z.object({
  key: z.number().int(),
  name: z.string(),
  byKind: z.record(z.string(), Tetri),
  net: Tetri,
  entries: z.number().int(),
});

export const Report = z.object({
  kind: z.string(),
  debtors: z.array(MoneyRow).optional(),
  totals: z.object({ balance: Tetri, overdue: Tetri }).optional(),
  rows: z.array(PeriodRow).optional(),
  total: PeriodRow.optional(),
  truncated: z.boolean().optional(),
}).openapi("FinanceReport");

const DiscountFields = {
  nameKa: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  category: z.enum(["scholarship", "social", "sibling", "staff", "other"]),
  kind: z.enum(["percent", "fixed"]),
  value: z.number().int().min(1).max(AMOUNT_MAX).openapi({ description: "percent (1-100) or tetri" }),
};

export const DiscountBody = z.strictObject(DiscountFields).openapi("DiscountTypeInput");
export const Discount = z.object({ id: z.number().int(), ...DiscountFields }).openapi("DiscountType");
export const DiscountParam = z.object({ id: IdText.openapi({ param: { name: "id", in: "path" } }) });
export const VersionBody = z.strictObject({
  versionstamp: z.string().regex(/^[0-9a-f]{20}$/).openapi({ description: "the version the person saw" }),
});

const Assignment = z.object({
  id: z.string(),
  studentId: z.number().int(),
  discountId: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: z.enum(["pending", "approved"]),
  entryId: z.string().nullable(),
  by: z.number().int().nullable(),
  approvedBy: z.number().int().nullable(),
  at: z.string(),
  versionstamp: z.string().optional(),
}).openapi("DiscountAssignment");
export { Assignment };

export const DiscountList = z.object({
  data: z.array(Discount),
  assignments: z.array(Assignment),
}).openapi("DiscountList");

export const AssignBody = z.strictObject({
  studentId: z.number().int().min(1).max(1_000_000_000),
  discountId: z.number().int().min(1).max(1_000_000_000),
  from: Day,
  to: Day,
}).openapi("DiscountAssignInput");

export const AssignmentParam = z.object({
  studentId: IdText.openapi({ param: { name: "studentId", in: "path" } }),
  assignmentId: z.string().regex(/^[0-9A-Z]{26}$/).openapi({
    param: { name: "assignmentId", in: "path" },
    description: "A discount assignment's id",
  }),
});

/**
 * The finances domain (services/finances/) owns each student's money: an append-only ledger of entries
 * (charges, payments, discounts, refunds, late fees and the reversals that undo them), the balance projection
 * kept beside it, the parameters (tuition, installments, late fees, the debt threshold behind a finance hold),
 * discount types and their assignment, bank-statement imports and the reports. This file: the stored shapes
 * and their keys (listed in db/kv.ts's key table).
 *
 * Money is integer tetri (1/100 GEL) everywhere, never a float. An entry is never edited or deleted: a mistake
 * is undone by a reversal that names it, and an entry is reversed at most once (`finance_reversed`, checked
 * null). Every entry that something outside a person's hand caused (a registration, an import row, a discount,
 * a late fee) names its source, and `finance_sources` (checked null) makes a retry of the same source a no-op.
 */

export type EntryKind = "charge" | "payment" | "discount" | "refund" | "late_fee" | "reversal";
export const ENTRY_KINDS: readonly EntryKind[] = [
  "charge",
  "payment",
  "discount",
  "refund",
  "late_fee",
  "reversal",
];
/** The kinds a person enters by hand (a reversal has its own operation, late fees come from the rule). */
export const MANUAL_KINDS = ["charge", "payment", "discount", "refund"] as const;
export type ManualKind = typeof MANUAL_KINDS[number];

/** What put the entry there: its type and the id of the thing (a registration, a bank reference …). */
export type SourceType = "registration" | "import" | "manual" | "discount" | "late_fee" | "reversal" | "seed";

export interface EntrySource {
  type: SourceType;
  id: string;
}

/** A part of a debit that falls due on a date (installments split a charge into several). */
export interface Due {
  date: string;
  amount: number;
}

/** `["finance_entries", studentId, date, entryId]`: one line of a student's ledger. */
export interface LedgerEntry {
  id: string;
  studentId: number;
  kind: EntryKind;
  /** Tetri, > 0, as entered. */
  amount: number;
  /** The entry's effect on the balance: + the student owes more, − less. */
  signed: number;
  /** YYYY-MM-DD (university time): the day it counts from. */
  date: string;
  /** When the debit falls due (debits only; credits count on their date). */
  dues: Due[];
  reference: string;
  note: string;
  /** The user who wrote it; null for the system. */
  author: number | null;
  source: EntrySource;
  /** The id of the entry a reversal undoes. */
  reverses: string | null;
  /** ISO instant it was written. */
  at: string;
}

/**
 * `["finance_balances", studentId]`: the student's balance projection, written in the same atomic as every
 * entry. Running totals per distinct day (`days` ascending, as day numbers since 1970-01-01): `net` sums the
 * entries' effects by their date, `due` the debits by the day they fall due and the credits by their date, so
 * the balance and the overdue amount as of any date are one binary search.
 */
export interface BalanceProjection {
  studentId: number;
  entries: number;
  days: number[];
  cumNet: number[];
  cumDue: number[];
  /** The credits alone, by their date (see projection.ts overdueBeyondGrace). */
  cumCredit: number[];
  /** Tetri owed now (all entries, whatever their date). */
  balance: number;
  updatedAt: string;
}

export interface FinanceParams {
  currency: "GEL";
  /** Tuition per program: per year or per credit, tetri. */
  tuition: TuitionRule[];
  /** Per credit when a program has no rule and the section no price. */
  defaultPerCredit: number;
  /** Installments a charge is split into, and the days between them. */
  installments: number;
  installmentDays: number;
  /** Days after a charge its (first) installment falls due. */
  dueDays: number;
  lateFee: { kind: "none" | "fixed" | "percent"; value: number; afterDays: number };
  /** Whether debts place finance holds at all (off until the finance office sets the rule). */
  holdsEnabled: boolean;
  /** A finance hold is placed when more than this (tetri) has been overdue for more than graceDays. */
  holdThreshold: number;
  graceDays: number;
}

export interface TuitionRule {
  programId: number;
  basis: "year" | "credit";
  amount: number;
}

export const DEFAULT_PARAMS: FinanceParams = {
  currency: "GEL",
  tuition: [],
  defaultPerCredit: 0,
  installments: 1,
  installmentDays: 30,
  dueDays: 30,
  lateFee: { kind: "none", value: 0, afterDays: 30 },
  holdsEnabled: false,
  holdThreshold: 0,
  graceDays: 0,
};

export type DiscountKind = "percent" | "fixed";

/** `["finance_discounts", id]`: a discount type (scholarship, social, sibling, staff …). */
export interface DiscountType {
  id: number;
  nameKa: string;
  nameEn: string;
  category: "scholarship" | "social" | "sibling" | "staff" | "other";
  kind: DiscountKind;
  /** Percent (1–100) or tetri. */
  value: number;
}

/** `["finance_discount_assignments", studentId, id]`: a discount given to a student for a period. */
export interface DiscountAssignment {
  id: string;
  studentId: number;
  discountId: number;
  from: string;
  to: string;
  status: "pending" | "approved";
  /** The ledger entry the approval wrote. */
  entryId: string | null;
  by: number | null;
  approvedBy: number | null;
  at: string;
}

export type MonthSide = "charged" | "credited";

/** Where an entry counts in the monthly sums (keys.month): its month and side, and the tetri it adds. */
export const monthSumOf = (entry: Pick<LedgerEntry, "date" | "signed">) =>
  ({
    key: keys.month(entry.date.slice(0, 7), entry.signed > 0 ? "charged" : "credited"),
    tetri: Math.abs(entry.signed),
  }) as const;

export const keys = {
  entries: (studentId: number): Deno.KvKey => ["finance_entries", studentId],
  entry: (
    studentId: number,
    date: string,
    id: string,
  ): Deno.KvKey => ["finance_entries", studentId, date, id],
  /** `{ studentId, date }` of an entry, to find it by id. */
  entryId: (id: string): Deno.KvKey => ["finance_entry_ids", id],
  balance: (studentId: number): Deno.KvKey => ["finance_balances", studentId],
  balances: (): Deno.KvKey => ["finance_balances"],
  /** KvU64 summed (never checked, so writers never collide on it) by every entry: the balances snapshot's version. */
  version: (): Deno.KvKey => ["meta", "finance_version"],
  /**
   * KvU64 tetri summed (never checked) by every entry in the month of its date: debits under `charged`, credits
   * under `credited` — the analytics' money per month, without reading the entries.
   */
  month: (month: string, side: MonthSide): Deno.KvKey => ["finance_months", month, side],
  months: (): Deno.KvKey => ["finance_months"],
  source: (source: EntrySource): Deno.KvKey => ["finance_sources", source.type, source.id],
  reversed: (entryId: string): Deno.KvKey => ["finance_reversed", entryId],
  /** Every entry by date, for the transactions screen and the period reports: → studentId. */
  event: (date: string, id: string): Deno.KvKey => ["finance_events", date, id],
  events: (): Deno.KvKey => ["finance_events"],
  params: (): Deno.KvKey => ["settings", "finance"],
  discount: (id: number): Deno.KvKey => ["finance_discounts", id],
  discounts: (): Deno.KvKey => ["finance_discounts"],
  assignment: (studentId: number, id: string): Deno.KvKey => ["finance_discount_assignments", studentId, id],
  assignments: (studentId?: number): Deno.KvKey =>
    studentId === undefined ? ["finance_discount_assignments"] : ["finance_discount_assignments", studentId],
};

/** The audit entities of finances. */
export const AUDIT = {
  entry: "finance_entries",
  params: "finance_params",
  discount: "finance_discounts",
  assignment: "finance_discount_assignments",
} as const;

/** Largest amount of one entry: 10 million GEL, far below 2^53 tetri even summed over a lifetime. */
export const AMOUNT_MAX = 1_000_000_000;
export const TEXT_MAX = 200;

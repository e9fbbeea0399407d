/**
 * The finance parameters (financeParamsGet, financeParamsSet): tuition per program (per year or per credit),
 * the default price per credit, installments and due days, the late-fee rule and the debt threshold and grace
 * days behind a finance hold. One audited value; absent means the defaults.
 */
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { AUDIT, DEFAULT_PARAMS, type FinanceParams, keys } from "./model.ts";
import { invalid } from "../../utils/errors.ts";

export const paramsOf = (entry: Deno.KvEntryMaybe<FinanceParams>): FinanceParams => ({
  ...DEFAULT_PARAMS,
  ...(entry.value ?? {}),
});

export async function getParams(): Promise<FinanceParams> {
  return paramsOf(await db().get<FinanceParams>(keys.params()));
}

export async function setParams(input: FinanceParams, actor: number | null): Promise<FinanceParams> {
  const seen = new Set<number>();
  input.tuition.forEach((rule, i) => {
    if (seen.has(rule.programId)) {
      throw invalid({ [`tuition.${i}.programId`]: { key: "finances.errors.duplicateProgram" } });
    }
    seen.add(rule.programId);
  });
  const programs = await db().getMany(input.tuition.slice(0, 10).map((r) => ["programs", r.programId]));
  for (let i = 10; i < input.tuition.length; i += 10) {
    programs.push(
      ...await db().getMany(input.tuition.slice(i, i + 10).map((r) => ["programs", r.programId])),
    );
  }
  programs.forEach((p, i) => {
    if (p.versionstamp === null) {
      throw invalid({ [`tuition.${i}.programId`]: { key: "finances.errors.unknownProgram" } });
    }
  });
  const next: FinanceParams = { ...input, currency: "GEL" };
  return await untilCommitted(async () => {
    const current = await db().get<FinanceParams>(keys.params());
    const atomic = db().atomic().check(current).set(keys.params(), next);
    addAudit(atomic, {
      entity: AUDIT.params,
      entityId: "finance",
      actor,
      action: current.value ? "update" : "create",
      before: current.value,
      after: next,
    });
    return (await atomic.commit()).ok ? next : RETRY;
  });
}

/**
 * Tuition of one registration: the program's rule when it has one (per credit, or a yearly tuition as a
 * 60-credit year's share per credit, so dropping a course reverses its part), else the section's price, else
 * the default price per credit.
 */
export function tuitionFor(
  params: FinanceParams,
  programId: number,
  credits: number,
  sectionPrice: number | null,
): number {
  const rule = params.tuition.find((r) => r.programId === programId);
  if (rule) return Math.round((rule.basis === "credit" ? rule.amount : rule.amount / 60) * credits);
  if (sectionPrice !== null && sectionPrice > 0) return sectionPrice;
  return Math.round(params.defaultPerCredit * credits);
}

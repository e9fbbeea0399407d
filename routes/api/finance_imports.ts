/**
 * Bank-statement import (API.md: financeImport): a .csv or .xlsx as base64; the dry run (the default) answers
 * each row's student, amount and errors; `dryRun: false` writes the new rows as payments — or, when any row is
 * wrong, nothing (422 naming each row's fields). Idempotent by bank reference.
 */
import { apiRoute, createRouter } from "../../framework/api.ts";
import { ImportBody, ImportResult } from "../../http/schemas/finances.ts";
import { stateOf } from "../../http/registration_actor.ts";
import { importStatement } from "../../services/finances/statement_import.ts";
import { FINANCES } from "./finance_params.ts";
import { invalid } from "../../utils/errors.ts";

const router = createRouter();

function bytesOf(base64: string): Uint8Array {
  try {
    return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  } catch {
    throw invalid({ content: { key: "finances.import.errors.notText" } });
  }
}

export const financeImportRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "financeImport",
  permission: `${FINANCES}.transactions`,
  summary:
    "Imports a bank statement (.csv or .xlsx, base64; columns date, reference, amount, student): a dry " +
    "run by default; rows already imported (same bank reference) are skipped",
  request: { body: { content: { "application/json": { schema: ImportBody } } } },
  responses: {
    200: { description: "per-row results", content: { "application/json": { schema: ImportResult } } },
  },
});

router.openapi(financeImportRoute, async (c) => {
  const state = stateOf(c);
  const body = c.req.valid("json");
  const result = await importStatement(
    bytesOf(body.content),
    { dryRun: body.dryRun },
    state.identity!.user.id,
  );
  const rows = result.rows.map((r) => ({
    ...r,
    errors: Object.fromEntries(Object.entries(r.errors).map(([k, f]) => [k, state.t(f.key, f.params)])),
  }));
  return c.json({ ...result, rows }, 200);
});

export default router;

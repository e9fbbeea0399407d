/**
 * Students' money (API.md: financeStudentList, financeLedger) and the signed-in student's own ledger
 * (financeMine: anyone signed in, their own lines only; someone who is no student has none).
 */
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  AsOfQuery,
  Ledger,
  StudentList,
  StudentListQuery,
  StudentParam,
} from "../../http/schemas/finances.ts";
import { stateOf } from "../../http/registration_actor.ts";
import { studentMoney } from "../../services/finances/balances.ts";
import { ledgerView } from "../../services/finances/ledger_view.ts";
import { today } from "../../services/registration/windows.ts";
import { FINANCES } from "./finance_params.ts";

const router = createRouter();

export const financeStudentListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "financeStudentList",
  permission: `${FINANCES}.students`,
  summary:
    "Students with their balance and overdue amount as of `date` (default today); `debtors=true` keeps " +
    "those who owe, largest debt first, with totals",
  request: { query: StudentListQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: StudentList } } } },
});

router.openapi(financeStudentListRoute, async (c) => {
  const q = c.req.valid("query");
  const date = q.date ?? today();
  const found = await studentMoney(
    { text: q.text, schoolId: q.schoolId, programId: q.programId, debtors: q.debtors === "true" },
    date,
    { page: q.page, limit: q.limit },
    stateOf(c).lang,
  );
  return c.json({ date, total: found.total, data: found.rows, totals: found.totals }, 200);
});

export const financeMineRoute = apiRoute({
  method: "get",
  path: "/mine",
  operationId: "financeMine",
  permission: "session",
  summary: "The signed-in student's own ledger as of `date` (empty for someone who is no student)",
  request: { query: AsOfQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: Ledger } } } },
});

router.openapi(financeMineRoute, async (c) => {
  const state = stateOf(c);
  const studentId = state.identity!.user.studentId;
  const date = c.req.valid("query").date ?? today();
  if (studentId === null) {
    return c.json({ studentId: 0, name: "", date, balance: 0, overdue: 0, entries: [], series: [] }, 200);
  }
  return c.json(await ledgerView(studentId, date, state.lang), 200);
});

export const financeLedgerRoute = apiRoute({
  method: "get",
  path: "/{studentId}",
  operationId: "financeLedger",
  permission: `${FINANCES}.students`,
  summary:
    "A student's ledger lines up to `date` (default today), the balance and overdue amount then, and the " +
    "balance over time",
  request: { params: StudentParam, query: AsOfQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: Ledger } } } },
});

router.openapi(financeLedgerRoute, async (c) =>
  c.json(
    await ledgerView(c.req.valid("param").studentId, c.req.valid("query").date, stateOf(c).lang),
    200,
  ));

export default router;

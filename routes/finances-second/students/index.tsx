import type { Handlers, PageProps, RouteMeta } from "../../../framework/types.ts";
import { DataTable, Paginator } from "../../../components/ui/mod.ts";
import { buttonClass } from "../../../components/ui/button.tsx";
import { Gel, INPUT } from "../../../components/finances/money.tsx";
import { balanceColumns } from "../../../components/finances/balance_columns.tsx";
import { studentMoney, type StudentMoneyPage } from "../../../services/finances/balances.ts";
import { isIsoDay } from "../../../services/finances/projection.ts";
import { today } from "../../../services/registration/windows.ts";
import { studentStructure } from "../../../services/students/list_index.ts";
import type { AppState } from "../../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.financeStudents", permission: "menu.finances.students" };

const LIMIT = 50;

interface Data extends StudentMoneyPage {
  date: string;
  text: string;
  debtors: boolean;
  page: number;
  schoolId: number | null;
  programId: number | null;
  schools: { id: number; name: string }[];
  programs: { id: number; name: string }[];
}

/** Issue 21: students with their balance and overdue amount as of a chosen date. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    const q = url.searchParams;
    const date = isIsoDay(q.get("date") ?? "") ? q.get("date")! : today();
    const text = (q.get("q") ?? "").trim().slice(0, 100);
    const debtors = q.get("debtors") === "on";
    const page = Math.max(1, Math.min(10_000, Number(q.get("page")) || 1));
    const structure = await studentStructure();
    const idOf = (name: string, known: Map<number, unknown>) => {
      const id = Number(q.get(name));
      return known.has(id) ? id : null;
    };
    const schoolId = idOf("school", structure.schools);
    const programId = idOf("program", structure.programs);
    const found = await studentMoney(
      { text, debtors, schoolId: schoolId ?? undefined, programId: programId ?? undefined },
      date,
      { page, limit: LIMIT },
      state.lang,
    );
    const name = (r: { nameKa: string; nameEn: string; code: string }) =>
      `${r.code} · ${state.lang === "ka" ? r.nameKa : r.nameEn}`;
    return render({
      ...found,
      date,
      text,
      debtors,
      page,
      schoolId,
      programId,
      schools: structure.schoolList.map((r) => ({ id: r.id, name: name(r) })),
      programs: structure.programList.map((r) => ({ id: r.id, name: name(r) })),
    });
  },
};

export default function FinanceStudentsPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const C = "finances.columns";
  const href = (page: number) => {
    const p = new URLSearchParams({ date: data.date, q: data.text, page: String(page) });
    if (data.debtors) p.set("debtors", "on");
    if (data.schoolId) p.set("school", String(data.schoolId));
    if (data.programId) p.set("program", String(data.programId));
    return `/finances-second/students?${p}`;
  };
  type Row = Data["rows"][number];
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("finances.students.title")}</h1>
      <form method="get" action="/finances-second/students" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t("finances.asOf")}
          <input type="date" name="date" value={data.date} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.students.search")}
          <input name="q" value={data.text} maxLength={100} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t(`${C}.school`)}
          <select name="school" class={INPUT}>
            <option value="">{t("finances.students.all")}</option>
            {data.schools.map((o) => (
              <option key={o.id} value={o.id} selected={o.id === data.schoolId}>{o.name}</option>
            ))}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t(`${C}.program`)}
          <select name="program" class={INPUT}>
            <option value="">{t("finances.students.all")}</option>
            {data.programs.map((o) => (
              <option key={o.id} value={o.id} selected={o.id === data.programId}>{o.name}</option>
            ))}
          </select>
        </label>
        <label class="flex items-center gap-1 text-xs">
          <input type="checkbox" name="debtors" checked={data.debtors} /> {t("finances.students.debtorsOnly")}
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("finances.show")}</button>
      </form>
      {data.totals && (
        <p class="text-sm" data-totals>
          {t("finances.students.totals")}: <Gel tetri={data.totals.balance} lang={lang} /> ·{" "}
          {t(`${C}.overdue`)}: <Gel tetri={data.totals.overdue} lang={lang} />
        </p>
      )}
      <DataTable<Row>
        caption={t("finances.students.title")}
        rows={data.rows}
        rowKey={(r) => r.studentId}
        emptyText={t("finances.students.empty")}
        columns={balanceColumns(t, lang, data.date)}
      />
      {data.total > LIMIT && (
        <Paginator
          id="finance-students-pages"
          page={data.page}
          limit={LIMIT}
          pageSizes={[LIMIT]}
          total={data.total}
          hrefFor={href}
        />
      )}
    </section>
  );
}

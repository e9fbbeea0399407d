import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/mod.ts";
import { Gel, INPUT } from "../../components/finances/money.tsx";
import { balanceColumns } from "../../components/finances/balance_columns.tsx";
import { type StudentMoney, studentMoney } from "../../services/finances/balances.ts";
import { ENTRY_KINDS } from "../../services/finances/model.ts";
import { addDays, isIsoDay } from "../../services/finances/projection.ts";
import { type PeriodReport, periodReport } from "../../services/finances/reports.ts";
import { today } from "../../services/registration/windows.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.financeReports", permission: "menu.finances.reports" };

const SHOWN = 200;

interface Data {
  kind: "debtors" | "period";
  date: string;
  from: string;
  to: string;
  groupBy: "school" | "program";
  debtors: StudentMoney[];
  debtorCount: number;
  totals: { balance: number; overdue: number } | null;
  period: PeriodReport | null;
}

/** Issue 21: debtors as of a date; charges and collections of a period per school or program; .xlsx of each. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    const q = url.searchParams;
    const day = today();
    const date = (name: string, fallback: string) => isIsoDay(q.get(name) ?? "") ? q.get(name)! : fallback;
    const kind = q.get("kind") === "period" ? "period" : "debtors";
    const groupBy = q.get("groupBy") === "program" ? "program" : "school";
    const base = {
      kind,
      date: date("date", day),
      from: date("from", addDays(day, -90)),
      to: date("to", day),
      groupBy,
    } as const;
    if (kind === "debtors") {
      const found = await studentMoney({ debtors: true }, base.date, null, state.lang);
      return render({
        ...base,
        debtors: found.rows.slice(0, SHOWN),
        debtorCount: found.total,
        totals: found.totals,
        period: null,
      });
    }
    const period = await periodReport(base.from, base.to, groupBy, state.lang);
    return render({ ...base, debtors: [], debtorCount: 0, totals: null, period });
  },
};

export default function FinanceReportsPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const C = "finances.columns";
  const R = "finances.reports";
  const query = new URLSearchParams(
    data.kind === "debtors"
      ? { kind: "debtors", date: data.date }
      : { kind: "period", from: data.from, to: data.to, groupBy: data.groupBy },
  );
  const period = data.period;
  const biggest = period ? Math.max(1, ...period.rows.map((r) => Math.abs(r.byKind.payment))) : 1;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t(`${R}.title`)}</h1>
      <form method="get" action="/finances-second/reports" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t(`${R}.kind`)}
          <select name="kind" class={INPUT}>
            <option value="debtors" selected={data.kind === "debtors"}>{t(`${R}.debtors`)}</option>
            <option value="period" selected={data.kind === "period"}>{t(`${R}.period`)}</option>
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.asOf")}
          <input type="date" name="date" value={data.date} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.from")}
          <input type="date" name="from" value={data.from} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.to")}
          <input type="date" name="to" value={data.to} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t(`${R}.groupBy`)}
          <select name="groupBy" class={INPUT}>
            <option value="school" selected={data.groupBy === "school"}>{t(`${C}.school`)}</option>
            <option value="program" selected={data.groupBy === "program"}>{t(`${C}.program`)}</option>
          </select>
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("finances.show")}</button>
        <a class={buttonClass("secondary", "sm")} href={`/api/finance_reports/export?${query}`} download>
          {t("finances.export")}
        </a>
      </form>
      {data.kind === "debtors" && data.totals && (
        <>
          <p class="text-sm" data-totals>
            {t(`${R}.debtorCount`, { count: data.debtorCount })} · {t(`${C}.balance`)}:{" "}
            <Gel tetri={data.totals.balance} lang={lang} /> · {t(`${C}.overdue`)}:{" "}
            <Gel tetri={data.totals.overdue} lang={lang} />
          </p>
          <DataTable<StudentMoney>
            caption={t(`${R}.debtors`)}
            rows={data.debtors}
            rowKey={(r) => r.studentId}
            emptyText={t(`${R}.noDebtors`)}
            columns={balanceColumns(t, lang, data.date)}
          />
        </>
      )}
      {period && (
        <DataTable<PeriodReport["total"]>
          caption={t(`${R}.period`)}
          rows={[...period.rows, { ...period.total, name: t(`${C}.total`) }]}
          rowKey={(r) => `${r.key}-${r.name}`}
          emptyText={t(`${R}.noEntries`)}
          columns={[
            { key: "name", header: t(`${C}.group`) },
            ...ENTRY_KINDS.map((k) => ({
              key: k,
              header: t(`finances.kinds.${k}`),
              class: "text-end",
              render: (r: PeriodReport["total"]) => <Gel tetri={r.byKind[k]} lang={lang} />,
            })),
            {
              key: "net",
              header: t(`${C}.net`),
              class: "text-end",
              render: (r) => <Gel tetri={r.net} lang={lang} />,
            },
            {
              key: "bar",
              header: <span class="sr-only">{t(`${R}.collectionsChart`)}</span>,
              render: (r) =>
                r.key === period.total.key && r.name === t(`${C}.total`) ? null : (
                  <span
                    aria-hidden="true"
                    class="inline-block h-2 rounded bg-green-600"
                    style={{ width: `${Math.round((Math.abs(r.byKind.payment) / biggest) * 120)}px` }}
                  />
                ),
            },
          ]}
        />
      )}
    </section>
  );
}

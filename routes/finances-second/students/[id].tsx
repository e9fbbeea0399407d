import type { Handlers, PageProps, RouteMeta } from "../../../framework/types.ts";
import { buttonClass } from "../../../components/ui/button.tsx";
import { BalanceChart } from "../../../components/finances/balance_chart.tsx";
import { EntryForm } from "../../../components/finances/entry_form.tsx";
import { LedgerTable } from "../../../components/finances/ledger_table.tsx";
import { Gel, INPUT } from "../../../components/finances/money.tsx";
import { FinanceActions } from "../../../islands/finances/actions.tsx";
import { nextUlid } from "../../../services/db/ids.ts";
import { type LedgerView, ledgerView } from "../../../services/finances/ledger_view.ts";
import { isIsoDay } from "../../../services/finances/projection.ts";
import { listHolds } from "../../../services/registration/holds.ts";
import type { Hold } from "../../../services/registration/model.ts";
import { today } from "../../../services/registration/windows.ts";
import { AppError } from "../../../utils/errors.ts";
import type { AppState } from "../../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.financeStudents", permission: "menu.finances.students" };

interface Data {
  ledger: LedgerView;
  holds: Hold[];
  today: string;
  requestId: string;
}

/** Issue 21: one student's ledger as of a date, the balance over time, holds, a payment form, the statement. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, params, state, render }) {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, "not_found", "errors.routeNotFound");
    const date = url.searchParams.get("date");
    const ledger = await ledgerView(id, date && isIsoDay(date) ? date : undefined, state.lang);
    const holds = (await listHolds(id)).filter((h) => h.kind === "finance");
    return render({ ledger, holds, today: today(), requestId: nextUlid() });
  },
};

export default function FinanceStudentPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang, auth } = state;
  const { ledger } = data;
  const canWrite = auth.can("menu.finances.transactions");
  const exportHref = `/api/finance_entries/export?studentId=${ledger.studentId}&to=${ledger.date}`;
  return (
    <section class="space-y-4">
      <a href="/finances-second/students" class="text-sm text-blue-700 underline print:hidden">
        {t("finances.students.back")}
      </a>
      <h1 class="text-2xl font-semibold">
        {t("finances.statement.title")}: {ledger.name} ({ledger.studentId})
      </h1>
      <form method="get" class="flex flex-wrap items-end gap-2 print:hidden">
        <label class="flex flex-col text-xs">
          {t("finances.asOf")}
          <input type="date" name="date" value={ledger.date} class={INPUT} />
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("finances.show")}</button>
        <a class={buttonClass("secondary", "sm")} href={exportHref} download>{t("finances.export")}</a>
        <button type="button" data-fin="print" class={buttonClass("ghost", "sm")}>
          {t("finances.print")}
        </button>
      </form>
      <dl class="flex flex-wrap gap-6 text-sm" data-balance={ledger.balance}>
        <div>
          <dt class="text-gray-600">{t("finances.columns.balance")} ({ledger.date})</dt>
          <dd class="text-lg font-semibold">
            <Gel tetri={ledger.balance} lang={lang} />
          </dd>
        </div>
        <div>
          <dt class="text-gray-600">{t("finances.columns.overdue")}</dt>
          <dd class="text-lg font-semibold">
            <Gel tetri={ledger.overdue} lang={lang} />
          </dd>
        </div>
      </dl>
      {data.holds.map((h) => (
        <p
          key={h.id}
          role="note"
          class="rounded border border-red-300 bg-red-50 p-2 text-sm"
          data-finance-hold
        >
          {t("finances.students.hold")}: {lang === "en" ? h.reasonEn ?? h.reason : h.reason}
        </p>
      ))}
      <BalanceChart series={ledger.series} lang={lang} label={t("finances.statement.chart")} />
      <LedgerTable
        rows={ledger.entries}
        t={t}
        lang={lang}
        canReverse={canWrite}
        showStudent={false}
        caption={t("finances.statement.title")}
      />
      {canWrite && (
        <div class="print:hidden">
          <EntryForm t={t} studentId={ledger.studentId} today={data.today} requestId={data.requestId} />
        </div>
      )}
      <FinanceActions />
    </section>
  );
}

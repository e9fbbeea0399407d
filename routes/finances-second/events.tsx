import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { Paginator } from "../../components/ui/mod.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { EntryForm } from "../../components/finances/entry_form.tsx";
import { type LedgerLine, LedgerTable } from "../../components/finances/ledger_table.tsx";
import { INPUT } from "../../components/finances/money.tsx";
import { FinanceActions } from "../../islands/finances/actions.tsx";
import { ImportPanel } from "../../islands/finances/import_panel.tsx";
import { nextUlid } from "../../services/db/ids.ts";
import { listEvents } from "../../services/finances/events.ts";
import { reversalsOf } from "../../services/finances/ledger.ts";
import { ENTRY_KINDS, type EntryKind } from "../../services/finances/model.ts";
import { addDays, isIsoDay } from "../../services/finances/projection.ts";
import { today } from "../../services/registration/windows.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.transactions", permission: "menu.finances.transactions" };

const LIMIT = 50;

interface Data {
  rows: LedgerLine[];
  total: number;
  truncated: boolean;
  filter: { from: string; to: string; kind: string; studentId: string; page: number };
  today: string;
  requestId: string;
}

/** Issue 21: every ledger entry, filtered and exported; manual entries; the bank-statement import. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, render }) {
    const q = url.searchParams;
    const day = today();
    const date = (name: string, fallback: string) => isIsoDay(q.get(name) ?? "") ? q.get(name)! : fallback;
    const kind = ENTRY_KINDS.includes(q.get("kind") as EntryKind) ? q.get("kind")! : "";
    const studentId = /^\d{1,9}$/.test(q.get("studentId") ?? "") ? q.get("studentId")! : "";
    const filter = {
      from: date("from", addDays(day, -90)),
      to: date("to", day),
      kind,
      studentId,
      page: Math.max(1, Math.min(10_000, Number(q.get("page")) || 1)),
    };
    const { entries: page, total, truncated } = await listEvents({
      from: filter.from,
      to: filter.to,
      kind: (kind || undefined) as EntryKind | undefined,
      studentId: studentId ? Number(studentId) : undefined,
    }, { page: filter.page, limit: LIMIT });
    const reversed = await reversalsOf(page.map((e) => e.id));
    return render({
      rows: page.map((e) => ({ ...e, reversedBy: reversed.get(e.id) ?? null })),
      total,
      truncated,
      filter,
      today: day,
      requestId: nextUlid(),
    });
  },
};

export default function FinanceEventsPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const f = data.filter;
  const query = (page?: number) => {
    const p = new URLSearchParams({ from: f.from, to: f.to });
    if (f.kind) p.set("kind", f.kind);
    if (f.studentId) p.set("studentId", f.studentId);
    if (page) p.set("page", String(page));
    return p.toString();
  };
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("finances.events.title")}</h1>
      <form method="get" action="/finances-second/events" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t("finances.from")}
          <input type="date" name="from" value={f.from} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.to")}
          <input type="date" name="to" value={f.to} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.columns.kind")}
          <select name="kind" class={INPUT}>
            <option value="">{t("finances.events.allKinds")}</option>
            {ENTRY_KINDS.map((k) => (
              <option key={k} value={k} selected={k === f.kind}>{t(`finances.kinds.${k}`)}</option>
            ))}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.columns.studentId")}
          <input name="studentId" inputMode="numeric" value={f.studentId} maxLength={9} class={INPUT} />
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("finances.show")}</button>
        <a class={buttonClass("secondary", "sm")} href={`/api/finance_entries/export?${query()}`} download>
          {t("finances.export")}
        </a>
      </form>
      <p class="text-sm text-gray-600" data-count={data.total}>
        {t("finances.events.count", { count: data.total })}
        {data.truncated ? ` ${t("finances.events.truncated")}` : ""}
      </p>
      <LedgerTable
        rows={data.rows}
        t={t}
        lang={lang}
        canReverse
        showStudent
        caption={t("finances.events.title")}
      />
      {data.total > LIMIT && (
        <Paginator
          id="finance-events-pages"
          page={f.page}
          limit={LIMIT}
          pageSizes={[LIMIT]}
          total={data.total}
          hrefFor={(page) => `/finances-second/events?${query(page)}`}
        />
      )}
      <EntryForm t={t} today={data.today} requestId={data.requestId} />
      <ImportPanel lang={lang} />
      <FinanceActions />
    </section>
  );
}

import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/mod.ts";
import { formatDisplayDate } from "../../components/ui/date_format.ts";
import { Gel, INPUT } from "../../components/finances/money.tsx";
import { FinanceActions } from "../../islands/finances/actions.tsx";
import { getManyRecords } from "../../services/db/reads.ts";
import { listAssignments, listDiscounts } from "../../services/finances/discounts.ts";
import type { DiscountType } from "../../services/finances/model.ts";
import { today } from "../../services/registration/windows.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.discounts", permission: "menu.finances.discounts" };

type Assignment = Awaited<ReturnType<typeof listAssignments>>[number];

interface Data {
  types: (DiscountType & { versionstamp: string })[];
  assignments: Assignment[];
  today: string;
}

/** Issue 21: discount types, their assignment to students for a period, approval (a ledger line each). */
export const handler: Handlers<Data, AppState> = {
  async GET({ render }) {
    const types = await listDiscounts();
    const stored = await getManyRecords<DiscountType>("finance_discounts", types.map((d) => d.id));
    return render({
      types: stored.flatMap((s) => s ? [{ ...s.value, versionstamp: s.versionstamp }] : []),
      assignments: (await listAssignments()).slice(0, 200),
      today: today(),
    });
  },
};

export default function FinanceDiscountsPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const D = "finances.discounts";
  const nameOf = (d: DiscountType) => lang === "ka" ? d.nameKa : d.nameEn;
  const byId = new Map(data.types.map((d) => [d.id, d]));
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t(`${D}.title`)}</h1>
      <h2 class="text-lg font-semibold">{t(`${D}.types`)}</h2>
      <DataTable<Data["types"][number]>
        caption={t(`${D}.types`)}
        rows={data.types}
        rowKey={(d) => d.id}
        emptyText={t(`${D}.empty`)}
        columns={[
          { key: "name", header: t(`${D}.name`), render: (d) => nameOf(d) },
          { key: "category", header: t(`${D}.category`), render: (d) => t(`${D}.categories.${d.category}`) },
          {
            key: "value",
            header: t(`${D}.value`),
            class: "text-end",
            render: (d) => d.kind === "percent" ? `${d.value}%` : <Gel tetri={d.value} lang={lang} />,
          },
          {
            key: "actions",
            header: <span class="sr-only">{t(`${D}.remove`)}</span>,
            render: (d) => (
              <form data-fin-form="discount-remove" data-discount={d.id} data-version={d.versionstamp}>
                <button type="submit" class={buttonClass("ghost", "sm")}>{t(`${D}.remove`)}</button>
              </form>
            ),
          },
        ]}
      />
      <form
        data-fin-form="discount-add"
        class="flex flex-wrap items-end gap-2 rounded border border-gray-200 p-3"
      >
        <label class="flex flex-col text-xs">
          {t(`${D}.nameKa`)}
          <input name="nameKa" required maxLength={100} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t(`${D}.nameEn`)}
          <input name="nameEn" required maxLength={100} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t(`${D}.category`)}
          <select name="category" class={INPUT}>
            {(["scholarship", "social", "sibling", "staff", "other"] as const).map((c) => (
              <option key={c} value={c}>{t(`${D}.categories.${c}`)}</option>
            ))}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t(`${D}.kind`)}
          <select name="kind" class={INPUT}>
            <option value="percent">{t(`${D}.kinds.percent`)}</option>
            <option value="fixed">{t(`${D}.kinds.fixed`)}</option>
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t(`${D}.value`)}
          <input name="value" required inputMode="decimal" class={INPUT} />
        </label>
        <button type="submit" class={buttonClass("primary", "sm")}>{t(`${D}.add`)}</button>
      </form>
      <h2 class="text-lg font-semibold">{t(`${D}.assignments`)}</h2>
      <form
        data-fin-form="discount-assign"
        class="flex flex-wrap items-end gap-2 rounded border border-gray-200 p-3"
      >
        <label class="flex flex-col text-xs">
          {t("finances.columns.studentId")}
          <input name="studentId" type="number" min="1" required class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t(`${D}.discount`)}
          <select name="discountId" class={INPUT}>
            {data.types.map((d) => <option key={d.id} value={d.id}>{nameOf(d)}</option>)}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.from")}
          <input name="from" type="date" required value={data.today} class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t("finances.to")}
          <input name="to" type="date" required value={data.today} class={INPUT} />
        </label>
        <button type="submit" class={buttonClass("primary", "sm")}>{t(`${D}.assign`)}</button>
      </form>
      <DataTable<Assignment>
        caption={t(`${D}.assignments`)}
        rows={data.assignments}
        rowKey={(a) => a.id}
        emptyText={t(`${D}.empty`)}
        columns={[
          {
            key: "studentId",
            header: t("finances.columns.studentId"),
            render: (a) => (
              <a class="text-blue-700 underline" href={`/finances-second/students/${a.studentId}`}>
                {a.studentId}
              </a>
            ),
          },
          {
            key: "discount",
            header: t(`${D}.discount`),
            render: (a) => byId.get(a.discountId) ? nameOf(byId.get(a.discountId)!) : a.discountId,
          },
          {
            key: "period",
            header: `${t("finances.from")} – ${t("finances.to")}`,
            render: (a) => `${formatDisplayDate(a.from)} – ${formatDisplayDate(a.to)}`,
          },
          { key: "status", header: t(`${D}.status`), render: (a) => t(`${D}.statuses.${a.status}`) },
          {
            key: "actions",
            header: <span class="sr-only">{t(`${D}.approve`)}</span>,
            render: (a) =>
              a.status === "pending"
                ? (
                  <form
                    data-fin-form="discount-approve"
                    data-student={a.studentId}
                    data-assignment={a.id}
                    data-version={a.versionstamp}
                  >
                    <button type="submit" class={buttonClass("secondary", "sm")}>{t(`${D}.approve`)}</button>
                  </form>
                )
                : null,
          },
        ]}
      />
      <FinanceActions />
    </section>
  );
}

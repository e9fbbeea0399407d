import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { INPUT } from "../../components/finances/money.tsx";
import { FinanceActions } from "../../islands/finances/actions.tsx";
import type { Program } from "../../services/academic/model.ts";
import type { FinanceParams } from "../../services/finances/model.ts";
import { getParams } from "../../services/finances/params.ts";
import { studentStructure } from "../../services/students/list_index.ts";
import { formatGel } from "../../utils/gel.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.parameters", permission: "menu.finances.parameters" };

interface Data {
  params: FinanceParams;
  programs: Program[];
}

/** Issue 21: tuition per program, installments and due days, the late-fee rule, the finance hold's rule. */
export const handler: Handlers<Data, AppState> = {
  async GET({ render }) {
    const [params, structure] = await Promise.all([getParams(), studentStructure()]);
    return render({ params, programs: structure.programList });
  },
};

export default function FinanceParametersPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const { params } = data;
  const P = "finances.params";
  const gel = (tetri: number) => formatGel(tetri, "en").replaceAll(",", "");
  const rows = [...params.tuition, { programId: 0, basis: "credit" as const, amount: 0 }];
  const number = (name: keyof FinanceParams, min: number, max: number) => (
    <label class="flex flex-col text-xs">
      {t(`${P}.${name}`)}
      <input
        name={name}
        type="number"
        min={min}
        max={max}
        required
        value={params[name] as number}
        class={INPUT}
      />
    </label>
  );
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t(`${P}.title`)}</h1>
      <form data-fin-form="params" class="space-y-4">
        <fieldset class="space-y-2 rounded border border-gray-200 p-3">
          <legend class="px-1 font-semibold">{t(`${P}.tuition`)} (GEL)</legend>
          {rows.map((r, i) => (
            <div key={i} data-tuition-row class="flex flex-wrap items-end gap-2">
              <label class="flex flex-col text-xs">
                {t("finances.columns.program")}
                <select name="tuitionProgram" class={INPUT}>
                  {r.programId === 0 && <option value="0">{t(`${P}.chooseProgram`)}</option>}
                  {data.programs.map((p) => (
                    <option key={p.id} value={p.id} selected={p.id === r.programId}>
                      {p.code} · {lang === "ka" ? p.nameKa : p.nameEn}
                    </option>
                  ))}
                </select>
              </label>
              <label class="flex flex-col text-xs">
                {t(`${P}.basis`)}
                <select name="tuitionBasis" class={INPUT}>
                  <option value="credit" selected={r.basis === "credit"}>{t(`${P}.perCredit`)}</option>
                  <option value="year" selected={r.basis === "year"}>{t(`${P}.perYear`)}</option>
                </select>
              </label>
              <label class="flex flex-col text-xs">
                {t("finances.columns.amount")}
                <input
                  name="tuitionAmount"
                  inputMode="decimal"
                  value={r.programId ? gel(r.amount) : ""}
                  class={INPUT}
                />
              </label>
            </div>
          ))}
          <p class="text-xs text-gray-600">{t(`${P}.tuitionHelp`)}</p>
        </fieldset>
        <fieldset class="flex flex-wrap gap-2 rounded border border-gray-200 p-3">
          <legend class="px-1 font-semibold">{t(`${P}.charges`)}</legend>
          <label class="flex flex-col text-xs">
            {t(`${P}.defaultPerCredit`)}
            <input
              name="defaultPerCredit"
              inputMode="decimal"
              value={gel(params.defaultPerCredit)}
              class={INPUT}
            />
          </label>
          {number("installments", 1, 12)}
          {number("installmentDays", 1, 366)}
          {number("dueDays", 0, 366)}
        </fieldset>
        <fieldset class="flex flex-wrap gap-2 rounded border border-gray-200 p-3">
          <legend class="px-1 font-semibold">{t(`${P}.lateFee`)}</legend>
          <label class="flex flex-col text-xs">
            {t(`${P}.lateFeeKind`)}
            <select name="lateFeeKind" class={INPUT}>
              {(["none", "fixed", "percent"] as const).map((k) => (
                <option key={k} value={k} selected={params.lateFee.kind === k}>
                  {t(`${P}.lateFeeKinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label class="flex flex-col text-xs">
            {t(`${P}.lateFeeValue`)}
            <input
              name="lateFeeValue"
              inputMode="decimal"
              value={params.lateFee.kind === "fixed" ? gel(params.lateFee.value) : params.lateFee.value}
              class={INPUT}
            />
          </label>
          <label class="flex flex-col text-xs">
            {t(`${P}.lateFeeAfterDays`)}
            <input
              name="lateFeeAfterDays"
              type="number"
              min="0"
              max="366"
              value={params.lateFee.afterDays}
              class={INPUT}
            />
          </label>
        </fieldset>
        <fieldset class="flex flex-wrap gap-2 rounded border border-gray-200 p-3">
          <legend class="px-1 font-semibold">{t(`${P}.hold`)}</legend>
          <label class="flex items-center gap-1 text-xs">
            <input type="checkbox" name="holdsEnabled" checked={params.holdsEnabled} />{" "}
            {t(`${P}.holdsEnabled`)}
          </label>
          <label class="flex flex-col text-xs">
            {t(`${P}.holdThreshold`)}
            <input name="holdThreshold" inputMode="decimal" value={gel(params.holdThreshold)} class={INPUT} />
          </label>
          {number("graceDays", 0, 366)}
        </fieldset>
        <button type="submit" class={buttonClass("primary", "md")}>{t(`${P}.save`)}</button>
      </form>
      <FinanceActions />
    </section>
  );
}

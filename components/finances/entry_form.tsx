/** The manual entry form (a payment at the cash desk, a charge, a discount, a refund): islands/finances/actions.tsx. */
import { buttonClass } from "../ui/button.tsx";
import type { Translate } from "../../utils/i18n.ts";
import { INPUT } from "./money.tsx";

const KINDS = ["payment", "charge", "discount", "refund"] as const;

export function EntryForm(
  { t, studentId, today, requestId }: { t: Translate; studentId?: number; today: string; requestId: string },
) {
  const F = "finances.entryForm";
  return (
    <form
      data-fin-form="entry"
      data-request-id={requestId}
      class="flex flex-wrap items-end gap-2 rounded border border-gray-200 p-3"
    >
      <h2 class="w-full font-semibold">{t(`${F}.title`)}</h2>
      <label class="flex flex-col text-xs">
        {t("finances.columns.studentId")}
        <input name="studentId" type="number" min="1" required value={studentId} class={INPUT} />
      </label>
      <label class="flex flex-col text-xs">
        {t("finances.columns.kind")}
        <select name="kind" class={INPUT}>
          {KINDS.map((k) => <option key={k} value={k}>{t(`finances.kinds.${k}`)}</option>)}
        </select>
      </label>
      <label class="flex flex-col text-xs">
        {t("finances.columns.amount")}
        <input name="amount" required inputMode="decimal" placeholder="0.00" class={INPUT} />
      </label>
      <label class="flex flex-col text-xs">
        {t("finances.columns.date")}
        <input name="date" type="date" required value={today} class={INPUT} />
      </label>
      <label class="flex flex-col text-xs">
        {t("finances.columns.reference")}
        <input name="reference" maxLength={200} class={INPUT} />
      </label>
      <button type="submit" class={buttonClass("primary", "sm")}>{t(`${F}.save`)}</button>
    </form>
  );
}

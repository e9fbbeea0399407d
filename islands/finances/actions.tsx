/**
 * The answer to every form of the finance screens that the server rendered (one delegated listener): a manual
 * entry, a reversal, the parameters, discount types, assignments and approvals. Each calls the API; on success it says so and re-reads the page (a soft
 * navigation to the same URL); on failure the shared error dialog shows every field the server named. Amounts
 * are typed in GEL and sent as integer tetri.
 */
import { useEffect, useState } from "preact/hooks";
import { ErrorDialog } from "../../components/ui/error_dialog.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { parseGel } from "../../utils/gel.ts";
import { t } from "../../utils/i18n.ts";
import { reloadPage } from "../../components/ui/navigation.ts";

interface Failure {
  message: string;
  fields: Record<string, string>;
}

class LocalError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(t("errors.invalid"));
  }
}

/** Tetri of a GEL field, or a field error before anything is sent. */
function tetriOf(data: FormData, name: string, fields: Record<string, string>): number {
  const tetri = parseGel(String(data.get(name) ?? ""));
  if (tetri === null) fields[name] = t("finances.errors.amountText");
  return tetri ?? 0;
}

type ParamsBody = InputOf<"PUT /finance_params">["body"];

async function submit(form: HTMLFormElement): Promise<string> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const fields: Record<string, string> = {};
  switch (form.dataset.finForm) {
    case "entry": {
      const amount = tetriOf(data, "amount", fields);
      if (Object.keys(fields).length) throw new LocalError(fields);
      await call("POST /finance_entries", {
        body: {
          studentId: Number(text("studentId")),
          kind: text("kind") as InputOf<"POST /finance_entries">["body"]["kind"],
          amount,
          date: text("date"),
          reference: text("reference"),
          requestId: form.dataset.requestId,
        },
      });
      return t("finances.entryForm.saved");
    }
    case "reverse":
      await call("POST /finance_entries/{entryId}/reverse", {
        params: { entryId: form.dataset.entry! },
        body: { reason: text("reason") },
      });
      return t("finances.ledger.reversedDone");
    case "params": {
      const tuition: ParamsBody["tuition"] = [];
      for (const row of form.querySelectorAll<HTMLElement>("[data-tuition-row]")) {
        const amountText = (row.querySelector<HTMLInputElement>("[name=tuitionAmount]")!).value.trim();
        if (!amountText) continue;
        const amount = parseGel(amountText);
        if (amount === null) fields[`tuition.${tuition.length}.amount`] = t("finances.errors.amountText");
        tuition.push({
          programId: Number(row.querySelector<HTMLSelectElement>("[name=tuitionProgram]")!.value),
          basis: row.querySelector<HTMLSelectElement>("[name=tuitionBasis]")!.value as "year" | "credit",
          amount: amount ?? 0,
        });
      }
      const body: ParamsBody = {
        currency: "GEL",
        tuition,
        defaultPerCredit: tetriOf(data, "defaultPerCredit", fields),
        installments: Number(text("installments")),
        installmentDays: Number(text("installmentDays")),
        dueDays: Number(text("dueDays")),
        lateFee: {
          kind: text("lateFeeKind") as ParamsBody["lateFee"]["kind"],
          value: text("lateFeeKind") === "fixed"
            ? tetriOf(data, "lateFeeValue", fields)
            : Number(text("lateFeeValue")),
          afterDays: Number(text("lateFeeAfterDays")),
        },
        holdsEnabled: data.get("holdsEnabled") === "on",
        holdThreshold: tetriOf(data, "holdThreshold", fields),
        graceDays: Number(text("graceDays")),
      };
      if (Object.keys(fields).length) throw new LocalError(fields);
      await call("PUT /finance_params", { body });
      return t("finances.params.saved");
    }
    case "discount-add": {
      const kind = text("kind") as "percent" | "fixed";
      const value = kind === "fixed" ? tetriOf(data, "value", fields) : Number(text("value"));
      if (Object.keys(fields).length) throw new LocalError(fields);
      await call("POST /finance_discounts", {
        body: {
          nameKa: text("nameKa"),
          nameEn: text("nameEn"),
          category: text("category") as InputOf<"POST /finance_discounts">["body"]["category"],
          kind,
          value,
        },
      });
      return t("finances.discounts.saved");
    }
    case "discount-remove":
      await call("DELETE /finance_discounts/{id}", {
        params: { id: form.dataset.discount! },
        body: { versionstamp: form.dataset.version! },
      });
      return t("finances.discounts.saved");
    case "discount-assign":
      await call("POST /finance_discounts/assignments", {
        body: {
          studentId: Number(text("studentId")),
          discountId: Number(text("discountId")),
          from: text("from"),
          to: text("to"),
        },
      });
      return t("finances.discounts.saved");
    case "discount-approve":
      await call("POST /finance_discounts/assignments/{studentId}/{assignmentId}/approve", {
        params: { studentId: form.dataset.student!, assignmentId: form.dataset.assignment! },
        body: { versionstamp: form.dataset.version! },
      });
      return t("finances.discounts.saved");
  }
  throw new Error(`unknown form ${form.dataset.finForm}`);
}

export function FinanceActions() {
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let busy = false;
    const onSubmit = async (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (!form.dataset.finForm) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      form.setAttribute("aria-busy", "true");
      try {
        showToast(await submit(form), "success");
        reloadPage();
      } catch (error) {
        setFailure(
          error instanceof ApiError || error instanceof LocalError
            ? { message: error.message, fields: error.fields }
            : { message: t("errors.network"), fields: {} },
        );
      } finally {
        busy = false;
        form.removeAttribute("aria-busy");
      }
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest("[data-fin=print]")) globalThis.print();
    };
    document.addEventListener("submit", onSubmit);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("submit", onSubmit);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <ErrorDialog
      id="finance-error"
      message={failure?.message ?? null}
      fieldErrors={failure?.fields}
      title={t("finances.errorTitle")}
      okLabel="OK"
      onClose={() => setFailure(null)}
    />
  );
}

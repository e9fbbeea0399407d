/**
 * The registrar's status-change form (withdrawal, suspension, return, graduation, re-admission), a plain POST
 * to the page that shows it; the page answers with the list updated, or the form again with its errors.
 */
import { Button, CONTROL_CLASS, controlAria, Field, Select, TextInput } from "../ui/mod.ts";
import { AppError, type FieldError, invalid } from "../../utils/errors.ts";
import { checkedChange, type StatusAction, type StatusChange } from "../../services/lifecycle/status.ts";
import type { Translate } from "../../utils/i18n.ts";

export interface StatusFormState {
  values: { studentId: string; action: string; reason: string; date: string };
  errors: Record<string, string>;
  alert: string | null;
  /** What the last change did, e.g. "Student 12: active → withdrawn". */
  done: string | null;
}

export const emptyStatusForm = (action: StatusAction, date: string): StatusFormState => ({
  values: { studentId: "", action, reason: "", date },
  errors: {},
  alert: null,
  done: null,
});

/** The posted form's values, trimmed and capped. */
export function readStatusForm(form: FormData): StatusFormState["values"] {
  const text = (name: string) => String(form.get(name) ?? "").trim().slice(0, 600);
  return { studentId: text("studentId"), action: text("action"), reason: text("reason"), date: text("date") };
}

/** The student id and change the form names, every bad field reported together (422). */
export function parseStatusForm(
  values: StatusFormState["values"],
): { studentId: number; change: StatusChange } {
  const fields: Record<string, FieldError> = {};
  if (!/^\d{1,9}$/.test(values.studentId) || Number(values.studentId) < 1) {
    fields.studentId = { key: values.studentId ? "errors.invalidType" : "errors.required" };
  }
  let change: StatusChange | null = null;
  try {
    change = checkedChange({
      action: values.action as StatusAction,
      reason: values.reason,
      date: values.date,
    });
  } catch (e) {
    if (!(e instanceof AppError) || !e.options.fields) throw e;
    Object.assign(fields, e.options.fields);
  }
  if (Object.keys(fields).length || !change) throw invalid(fields);
  return { studentId: Number(values.studentId), change };
}

export function StatusChangeForm(
  { t, state, actions, action }: {
    t: Translate;
    state: StatusFormState;
    actions: StatusAction[];
    action: string;
  },
) {
  const { values, errors } = state;
  return (
    <form
      method="post"
      action={action}
      class="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
      novalidate
    >
      <h2 class="font-semibold">{t("lifecycle.form.title")}</h2>
      {state.done && <p role="status" class="text-sm text-green-800">{state.done}</p>}
      {state.alert && (
        <p role="alert" class="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.alert}
        </p>
      )}
      <div class="grid gap-3 sm:grid-cols-4">
        <TextInput
          id="status-student"
          name="studentId"
          inputMode="numeric"
          label={t("lifecycle.fields.studentId")}
          value={values.studentId}
          error={errors.studentId}
          required
        />
        <Select
          id="status-action"
          name="action"
          label={t("lifecycle.fields.action")}
          value={values.action}
          options={actions.map((a) => ({ value: a, label: t(`lifecycle.actions.${a}`) }))}
          error={errors.action}
        />
        <Field id="status-date" label={t("lifecycle.fields.date")} error={errors.date} required>
          <input
            id="status-date"
            name="date"
            type="date"
            value={values.date}
            class={CONTROL_CLASS}
            {...controlAria({ id: "status-date", error: errors.date })}
          />
        </Field>
        <TextInput
          id="status-reason"
          name="reason"
          label={t("lifecycle.fields.reason")}
          value={values.reason}
          error={errors.reason}
          required
        />
      </div>
      <Button type="submit">{t("lifecycle.form.submit")}</Button>
    </form>
  );
}

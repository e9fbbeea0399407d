/**
 * The eligibility check of the conditions dialog (bookEligibility): a student id in, every rule of the course
 * out — passed, failed or waived, with the reason — so that staff see why a student may not register.
 */
import { useState } from "preact/hooks";
import { Button, NumberInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";

type Report = ResponseOf<"GET /book_conditions/{bookId}/eligibility">;

const K = "bookDialogs.eligibility";
const BADGE = {
  pass: "bg-green-100 text-green-800",
  fail: "bg-red-100 text-red-800",
  waived: "bg-gray-100 text-gray-700",
} as const;

export function EligibilityPanel({ bookId }: { bookId: number }) {
  const lang = currentLang();
  const [studentId, setStudentId] = useState("");
  const [report, setReport] = useState<Report | null>(null);
  const form = useSave({
    id: "eligibility-form",
    fields: ["studentId"],
    save: () => {
      setReport(null);
      return call("GET /book_conditions/{bookId}/eligibility", {
        params: { bookId },
        query: { studentId: studentId.trim() },
      });
    },
    onSaved: setReport,
  });

  return (
    <div class="flex flex-col gap-3" data-testid="eligibility">
      <form class="flex items-end gap-2" onSubmit={form.submit} noValidate>
        <NumberInput
          id="eligibility-student"
          label={t(`${K}.studentId`)}
          class="grow"
          min={1}
          step="1"
          value={studentId}
          error={form.fieldErrors.studentId}
          onInput={(e) => setStudentId(e.currentTarget.value)}
        />
        <Button type="submit" loading={form.saving} disabled={!studentId.trim()}>{t(`${K}.check`)}</Button>
      </form>
      {form.dialogs}
      {report && (
        <div class="flex flex-col gap-2" data-testid="eligibility-report">
          <p
            class={report.eligible ? "font-semibold text-green-800" : "font-semibold text-danger-700"}
            role="status"
          >
            {t(report.eligible ? `${K}.eligible` : `${K}.notEligible`, {
              student: `${report.student.id} · ${report.student.name[lang]}`,
            })}
          </p>
          <p class="text-xs text-gray-600">
            {report.student.program[lang]} · GPA {report.gpa === null ? "—" : report.gpa.toFixed(2)}
          </p>
          {report.rules.length === 0 && <p class="text-sm text-gray-600">{t(`${K}.noRules`)}</p>}
          <ul class="divide-y divide-gray-100 rounded-md border border-gray-200">
            {report.rules.map((rule, i) => (
              <li key={i} class="flex items-start gap-3 px-3 py-2 text-sm" data-status={rule.status}>
                <span class={`shrink-0 rounded px-2 py-0.5 text-xs font-medium ${BADGE[rule.status]}`}>
                  {t(`${K}.status.${rule.status}`)}
                </span>
                <span>
                  <span class="font-medium">{rule.title[lang]}</span>
                  <span class="block text-gray-700">{rule.reason[lang]}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The eligibility check of the conditions dialog (bookEligibility): a student id in, every rule of the course
 * out — passed, failed or waived, with the reason — so that staff see why a student may not register.
 */
import { useState } from "preact/hooks";
import { Button, NumberInput } from "../ui/mod.ts";
import { api } from "../../utils/api_client.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { fieldErrorsOf } from "./dialog_kit.tsx";

interface Bilingual {
  ka: string;
  en: string;
}

interface Report {
  eligible: boolean;
  gpa: number | null;
  student: { id: number; name: Bilingual; program: Bilingual };
  rules: {
    kind: string;
    groupId: number | null;
    title: Bilingual;
    status: "pass" | "fail" | "waived";
    reason: Bilingual;
  }[];
}

const K = "bookDialogs.eligibility";
const BADGE = {
  pass: "bg-green-100 text-green-800",
  fail: "bg-red-100 text-red-800",
  waived: "bg-gray-100 text-gray-700",
} as const;

export function EligibilityPanel({ bookId, fail }: { bookId: number; fail: (error: unknown) => void }) {
  const lang = currentLang();
  const [studentId, setStudentId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [report, setReport] = useState<Report | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (event: Event) => {
    event.preventDefault();
    setChecking(true);
    setError(undefined);
    setReport(null);
    try {
      setReport(
        await api<Report>(`/book_conditions/${bookId}/eligibility`, {
          query: { studentId: studentId.trim() },
        }),
      );
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setError(fields.studentId ?? Object.values(fields)[0]);
      else fail(e);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div class="flex flex-col gap-3" data-testid="eligibility">
      <form class="flex items-end gap-2" onSubmit={check} noValidate>
        <NumberInput
          id="eligibility-student"
          label={t(`${K}.studentId`)}
          class="grow"
          min={1}
          step="1"
          value={studentId}
          error={error}
          onInput={(e) => setStudentId(e.currentTarget.value)}
        />
        <Button type="submit" loading={checking} disabled={!studentId.trim()}>{t(`${K}.check`)}</Button>
      </form>
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

import { semesterName } from "../../utils/semester_name.ts";
import type { Semester } from "../../services/students/transcripts.ts";
import type { Translate } from "../../utils/i18n.ts";
import { formatGpa } from "./labels.ts";

export interface TranscriptViewProps {
  semesters: Semester[];
  t: Translate;
}

const CELL = "px-4 py-2";
const HEAD = "px-4 py-2 text-xs font-semibold tracking-wide text-gray-600 uppercase";

/** Completed courses per semester (oldest first), each semester with its credits and GPA. */
export function TranscriptView({ semesters, t }: TranscriptViewProps) {
  if (semesters.length === 0) {
    return (
      <p class="rounded-lg border border-gray-200 bg-white p-5 text-sm text-gray-500">
        {t("students.transcriptEmpty")}
      </p>
    );
  }
  return (
    <div class="space-y-4" data-testid="transcript">
      {semesters.map((semester) => (
        <div key={semester.groupId} class="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table class="min-w-full divide-y divide-gray-200 text-sm">
            <caption class="px-4 py-3 text-start font-semibold text-gray-800">
              {semesterName(semester.seasonYear, t) ||
                t("students.unknownSemester", { id: semester.groupId })}
            </caption>
            <thead class="bg-gray-50">
              <tr>
                <th scope="col" class={`${HEAD} w-28 text-start`}>{t("students.transcript.code")}</th>
                <th scope="col" class={`${HEAD} text-start`}>{t("students.transcript.course")}</th>
                <th scope="col" class={`${HEAD} w-20 text-end`}>{t("students.transcript.points")}</th>
                <th scope="col" class={`${HEAD} w-20 text-center`}>{t("students.transcript.grade")}</th>
                <th scope="col" class={`${HEAD} w-20 text-end`}>{t("students.transcript.credits")}</th>
              </tr>
            </thead>
            <tbody class="divide-y divide-gray-100">
              {semester.entries.map((entry) => (
                <tr key={entry.id}>
                  <td class={`${CELL} font-mono text-xs`}>{entry.courseCode}</td>
                  <td class={CELL}>{entry.courseName}</td>
                  <td class={`${CELL} text-end tabular-nums`}>{entry.points}</td>
                  <td class={`${CELL} text-center font-medium`}>{entry.grade}</td>
                  <td class={`${CELL} text-end tabular-nums`}>{entry.credits}</td>
                </tr>
              ))}
            </tbody>
            <tfoot class="bg-gray-50 text-gray-700">
              <tr>
                <td colSpan={3} class={CELL}>
                  {t("students.transcript.semesterGpa", { gpa: formatGpa(semester.gpa) })}
                </td>
                <td colSpan={2} class={`${CELL} text-end`}>
                  {t("students.creditsOf", { earned: semester.earned, credits: semester.credits })}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ))}
    </div>
  );
}

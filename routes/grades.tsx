import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { DataTable } from "../components/ui/data_table.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { GRADES_KEY } from "../services/lists/access.ts";
import { gradesMine, type MyGrades } from "../services/lists/grades.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "grades.title", permission: GRADES_KEY };

/** Issue 20: the student's own grades and attendance in a semester, and their GPA. */
export const handler: Handlers<MyGrades, AppState> = {
  async GET({ url, state, render }) {
    const asked = Number(url.searchParams.get("group"));
    const groupId = Number.isSafeInteger(asked) && asked > 0 ? asked : undefined;
    return render(await gradesMine(state.identity!.user.studentId, groupId, state.lang));
  },
};

export default function GradesPage({ data, state }: PageProps<MyGrades, AppState>) {
  const { t } = state;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("grades.title")}</h1>
      <form method="get" action="/grades" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t("grades.semester")}
          <select name="group" class="rounded border border-gray-300 px-2 py-1 text-sm">
            {data.groups.map((g) => (
              <option key={g.id} value={g.id} selected={g.id === data.groupId}>{g.label}</option>
            ))}
          </select>
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("grades.show")}</button>
      </form>
      <p class="text-lg" id="grades-gpa">
        {t("grades.gpa")}: <strong>{data.gpa === null ? "—" : data.gpa.toFixed(2)}</strong>
      </p>
      <DataTable
        caption={t("grades.title")}
        rows={data.rows}
        rowKey={(r) => r.sectionId}
        emptyText={t("grades.empty")}
        columns={[
          {
            key: "course",
            header: t("grades.course"),
            render: (r) => (
              <div>
                <div class="font-medium">{r.course}</div>
                <div class="text-xs text-gray-500">{r.code}</div>
              </div>
            ),
          },
          { key: "credits", header: t("grades.credits"), class: "text-end" },
          {
            key: "grade",
            header: t("grades.grade"),
            render: (r) => <span data-grade>{r.grade ?? t("grades.pending")}</span>,
          },
          { key: "points", header: t("grades.points"), class: "text-end", render: (r) => r.points ?? "—" },
          {
            key: "absences",
            header: t("grades.absences"),
            render: (r) => (
              <span>
                {r.absences} ({r.absenceShare}%)
                {r.overLimit && <span class="ms-1 text-danger-700">{t("grades.overLimit")}</span>}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}

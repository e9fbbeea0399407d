import { Button, DataTable, Select } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { type Choice, programChoices } from "../../services/admissions/form.ts";
import { alumniYears, listAlumni } from "../../services/lifecycle/lists.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "lifecycle.diploma.title", permission: "menu.diplomaEnclosures" };

interface DashboardData {
  year: number | null;
  programId: string;
  years: number[];
  rows: Awaited<ReturnType<typeof listAlumni>>;
  programs: Choice[];
}

/** The graduates of a year with their supplements (PDF, either language leading) and the year's .zip. */
export const handler: Handlers<DashboardData, AppState> = {
  async GET({ url, state, render }) {
    const [years, programs] = await Promise.all([alumniYears(), programChoices(state.lang)]);
    const asked = Number(url.searchParams.get("year"));
    const year = years.includes(asked) ? asked : years[0] ?? null;
    const raw = url.searchParams.get("programId") ?? "";
    const programId = /^\d{1,9}$/.test(raw) ? raw : "";
    const rows = year === null ? [] : await listAlumni(year, programId ? Number(programId) : undefined);
    return render({ year, programId, years, rows, programs });
  },
};

export default function DiplomaDashboard({ data, state }: PageProps<DashboardData, AppState>) {
  const { t } = state;
  const programName = new Map(data.programs.map((p) => [Number(p.value), p.label]));
  const batch = data.year === null
    ? null
    : `/api/diploma_enclosures/years/${data.year}?${new URLSearchParams({
      lang: state.lang,
      ...(data.programId ? { programId: data.programId } : {}),
    })}`;
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">{t("lifecycle.diploma.title")}</h1>
      <form
        method="get"
        action="/diploma-enclosures/dashboard"
        class="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        <Select
          id="diploma-year"
          name="year"
          label={t("lifecycle.diploma.year")}
          defaultValue={data.year === null ? "" : String(data.year)}
          options={data.years.map((y) => ({ value: String(y), label: String(y) }))}
        />
        <Select
          id="diploma-program"
          name="programId"
          label={t("lifecycle.diploma.program")}
          placeholder={t("lifecycle.diploma.all")}
          defaultValue={data.programId}
          options={data.programs}
        />
        <Button type="submit">{t("lifecycle.diploma.apply")}</Button>
        {batch && data.rows.length > 0 && (
          <a class="text-primary-700 underline" href={batch} download>{t("lifecycle.diploma.batch")}</a>
        )}
      </form>
      <p class="text-sm text-gray-600">{t("lifecycle.diploma.found", { count: data.rows.length })}</p>
      <DataTable
        caption={t("lifecycle.diploma.title")}
        rows={data.rows}
        rowKey={(r) => r.studentId}
        emptyText={t("lifecycle.diploma.none")}
        columns={[
          { key: "studentId", header: "ID" },
          {
            key: "name",
            header: t("lifecycle.diploma.name"),
            render: (r) =>
              state.lang === "en" ? `${r.firstNameEn} ${r.lastNameEn}` : `${r.firstNameKa} ${r.lastNameKa}`,
          },
          {
            key: "program",
            header: t("lifecycle.diploma.program"),
            render: (r) => programName.get(r.programId) ?? r.programId,
          },
          {
            key: "gpa",
            header: t("lifecycle.diploma.gpa"),
            class: "text-end",
            render: (r) => r.gpa?.toFixed(2) ?? "—",
          },
          {
            key: "supplement",
            header: t("lifecycle.diploma.supplement"),
            render: (r) => (
              <span class="flex gap-3">
                <a
                  class="text-primary-700 underline"
                  href={`/api/diploma_enclosures/${r.studentId}?lang=ka`}
                  data-supplement="ka"
                >
                  {t("lifecycle.diploma.ka")}
                </a>
                <a
                  class="text-primary-700 underline"
                  href={`/api/diploma_enclosures/${r.studentId}?lang=en`}
                  data-supplement="en"
                >
                  {t("lifecycle.diploma.en")}
                </a>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}

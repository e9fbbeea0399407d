import {
  emptyStatusForm,
  parseStatusForm,
  readStatusForm,
  StatusChangeForm,
  type StatusFormState,
} from "../components/lifecycle/status_change_form.tsx";
import { formErrors } from "../components/lifecycle/form_errors.ts";
import { Button, DataTable, Select } from "../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { type Choice, programChoices } from "../services/admissions/form.ts";
import { today } from "../services/timetable/week.ts";
import { alumniYears, listAlumni } from "../services/lifecycle/lists.ts";
import { changeStudentStatus } from "../services/lifecycle/status.ts";
import { AppError, forbidden } from "../utils/errors.ts";
import { formatDisplayDate } from "../utils/date_format.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "lifecycle.alumni.title", permission: "menu.students" };

const STATUS_KEY = "menu.students.status";

interface AlumniData {
  year: number | null;
  programId: string;
  years: number[];
  rows: Awaited<ReturnType<typeof listAlumni>>;
  programs: Choice[];
  form: StatusFormState;
}

async function load(url: URL, state: AppState, form: StatusFormState): Promise<AlumniData> {
  const [years, programs] = await Promise.all([alumniYears(), programChoices(state.lang)]);
  const asked = Number(url.searchParams.get("year"));
  const year = years.includes(asked) ? asked : years[0] ?? null;
  const programId = /^\d{1,9}$/.test(url.searchParams.get("programId") ?? "")
    ? url.searchParams.get("programId")!
    : "";
  const rows = year === null ? [] : await listAlumni(year, programId ? Number(programId) : undefined);
  return { year, programId, years, rows, programs, form };
}

/** Graduates by year and program with their final GPA; the registrar records a graduation here. */
export const handler: Handlers<AlumniData, AppState> = {
  async GET({ url, state, render }) {
    return render(await load(url, state, emptyStatusForm("graduate", today())));
  },
  async POST({ req, url, state, render }) {
    if (!state.auth.can(STATUS_KEY)) throw forbidden();
    const form = emptyStatusForm("graduate", today());
    form.values = readStatusForm(await req.formData().catch(() => new FormData()));
    try {
      const { studentId, change } = parseStatusForm(form.values);
      const event = await changeStudentStatus(studentId, change, state.identity!.user.id);
      const done = state.t("lifecycle.form.changed", {
        id: studentId,
        from: state.t(`students.status.${event.from}`),
        to: state.t(`students.status.${event.to}`),
      });
      return render(await load(url, state, { ...emptyStatusForm("graduate", today()), done }), {
        status: 201,
      });
    } catch (e) {
      ({ errors: form.errors, alert: form.alert } = formErrors(e, state.t));
      const status = e instanceof AppError ? e.status : 422;
      return render(await load(url, state, form), { status });
    }
  },
};

export default function Alumni({ data, state }: PageProps<AlumniData, AppState>) {
  const { t } = state;
  const programName = new Map(data.programs.map((p) => [Number(p.value), p.label]));
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">{t("lifecycle.alumni.title")}</h1>
      <form
        method="get"
        action="/alumni"
        class="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        <Select
          id="alumni-year"
          name="year"
          label={t("lifecycle.alumni.year")}
          defaultValue={data.year === null ? "" : String(data.year)}
          options={data.years.map((y) => ({ value: String(y), label: String(y) }))}
        />
        <Select
          id="alumni-program"
          name="programId"
          label={t("lifecycle.alumni.program")}
          placeholder={t("lifecycle.alumni.all")}
          defaultValue={data.programId}
          options={data.programs}
        />
        <Button type="submit">{t("lifecycle.alumni.apply")}</Button>
      </form>
      <DataTable
        caption={t("lifecycle.alumni.title")}
        rows={data.rows}
        rowKey={(r) => r.studentId}
        emptyText={t("lifecycle.alumni.none")}
        columns={[
          {
            key: "studentId",
            header: "ID",
            render: (r) => <a class="underline" href={`/students/${r.studentId}`}>{r.studentId}</a>,
          },
          {
            key: "name",
            header: t("lifecycle.leavers.name"),
            render: (r) =>
              state.lang === "en" ? `${r.firstNameEn} ${r.lastNameEn}` : `${r.firstNameKa} ${r.lastNameKa}`,
          },
          {
            key: "program",
            header: t("lifecycle.alumni.program"),
            render: (r) => programName.get(r.programId) ?? r.programId,
          },
          { key: "date", header: t("lifecycle.leavers.date"), render: (r) => formatDisplayDate(r.date) },
          {
            key: "gpa",
            header: t("lifecycle.alumni.gpa"),
            class: "text-end",
            render: (r) => r.gpa?.toFixed(2) ?? "—",
          },
          { key: "credits", header: t("lifecycle.alumni.credits"), class: "text-end" },
        ]}
      />
      {state.auth.can(STATUS_KEY) && (
        <StatusChangeForm t={t} state={data.form} actions={["graduate"]} action={`/alumni`} />
      )}
    </section>
  );
}

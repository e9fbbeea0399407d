import {
  emptyStatusForm,
  parseStatusForm,
  readStatusForm,
  StatusChangeForm,
  type StatusFormState,
} from "../components/lifecycle/status_change_form.tsx";
import { formErrors } from "../components/lifecycle/form_errors.ts";
import { DataTable } from "../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { programChoices } from "../services/admissions/form.ts";
import { today } from "../services/timetable/week.ts";
import { listLeavers } from "../services/lifecycle/lists.ts";
import { changeStudentStatus } from "../services/lifecycle/status.ts";
import { AppError, forbidden } from "../utils/errors.ts";
import { formatDisplayDate } from "../utils/date_format.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "lifecycle.leavers.title", permission: "menu.students" };

const STATUS_KEY = "menu.students.status";

interface LeaversData {
  rows: Awaited<ReturnType<typeof listLeavers>>;
  programs: Map<number, string>;
  form: StatusFormState;
}

async function load(state: AppState, form: StatusFormState): Promise<LeaversData> {
  const [rows, programs] = await Promise.all([listLeavers(), programChoices(state.lang)]);
  return { rows, programs: new Map(programs.map((p) => [Number(p.value), p.label])), form };
}

/** Withdrawn students (latest first) with reason and date; the registrar withdraws, suspends and re-admits here. */
export const handler: Handlers<LeaversData, AppState> = {
  async GET({ state, render }) {
    return render(await load(state, emptyStatusForm("withdraw", today())));
  },
  async POST({ req, state, render }) {
    if (!state.auth.can(STATUS_KEY)) throw forbidden();
    const form = emptyStatusForm("withdraw", today());
    form.values = readStatusForm(await req.formData().catch(() => new FormData()));
    try {
      const { studentId, change } = parseStatusForm(form.values);
      const event = await changeStudentStatus(studentId, change, state.identity!.user.id);
      const done = state.t("lifecycle.form.changed", {
        id: studentId,
        from: state.t(`students.status.${event.from}`),
        to: state.t(`students.status.${event.to}`),
      });
      return render(await load(state, { ...emptyStatusForm("withdraw", today()), done }), { status: 201 });
    } catch (e) {
      ({ errors: form.errors, alert: form.alert } = formErrors(e, state.t));
      const status = e instanceof AppError ? e.status : 422;
      return render(await load(state, form), { status });
    }
  },
};

export default function SchoolLeavers({ data, state }: PageProps<LeaversData, AppState>) {
  const { t } = state;
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">{t("lifecycle.leavers.title")}</h1>
      {state.auth.can(STATUS_KEY) && (
        <StatusChangeForm
          t={t}
          state={data.form}
          actions={["withdraw", "readmit", "suspend", "return"]}
          action="/school-leavers"
        />
      )}
      <p class="text-sm text-gray-600">{t("lifecycle.leavers.found", { count: data.rows.length })}</p>
      <DataTable
        caption={t("lifecycle.leavers.title")}
        rows={data.rows}
        rowKey={(r) => r.studentId}
        emptyText={t("lifecycle.leavers.none")}
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
            header: t("lifecycle.leavers.program"),
            render: (r) => data.programs.get(r.programId) ?? r.programId,
          },
          { key: "date", header: t("lifecycle.leavers.date"), render: (r) => formatDisplayDate(r.date) },
          { key: "reason", header: t("lifecycle.leavers.reason") },
        ]}
      />
    </section>
  );
}

import { StateBadge } from "../../components/admissions/state_badge.tsx";
import { Button, DataTable, Select, TextInput } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { type ApplicationQuery, listApplications } from "../../services/admissions/applications.ts";
import { type Choice, programChoices } from "../../services/admissions/form.ts";
import {
  type Application,
  APPLICATION_STATES,
  type ApplicationState,
} from "../../services/admissions/model.ts";
import { PERSONAL_FIELD_KEYS } from "../../services/identity/personal_data.ts";
import { formatDisplayDate } from "../../utils/date_format.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "admissions.page.title", permission: "menu.admissions" };

const PAGE_SIZE = 20;

interface AdmissionsData {
  query: { state: string; programId: string; q: string; page: number };
  rows: Application[];
  total: number;
  counts: Record<ApplicationState, number>;
  programs: Choice[];
}

/** The admissions pipeline: every application, filtered by state, program and text, newest first. */
export const handler: Handlers<AdmissionsData, AppState> = {
  async GET({ url, state, render }) {
    const params = url.searchParams;
    const stateParam = params.get("state") ?? "";
    const programId = params.get("programId") ?? "";
    const q = (params.get("q") ?? "").slice(0, 100);
    const page = Math.max(1, Math.min(1_000_000, Number(params.get("page")) || 1));
    const filter: ApplicationQuery = {
      q,
      page,
      limit: PAGE_SIZE,
      byPersonalNumber: state.auth.can(PERSONAL_FIELD_KEYS.personalNumber),
    };
    if ((APPLICATION_STATES as readonly string[]).includes(stateParam)) {
      filter.state = stateParam as ApplicationState;
    }
    if (/^\d{1,9}$/.test(programId)) filter.programId = Number(programId);
    const [list, programs] = await Promise.all([listApplications(filter), programChoices(state.lang)]);
    return render({
      query: { state: filter.state ?? "", programId: filter.programId ? programId : "", q, page },
      rows: list.data,
      total: list.total,
      counts: list.counts,
      programs,
    });
  },
};

export default function Admissions({ data, state }: PageProps<AdmissionsData, AppState>) {
  const { t } = state;
  const programName = new Map(data.programs.map((p) => [Number(p.value), p.label]));
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const link = (page: number) => {
    const params = new URLSearchParams({ ...data.query, page: String(page) });
    return `/admissions?${params}`;
  };
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">{t("admissions.page.title")}</h1>
      <form
        method="get"
        action="/admissions"
        class="grid items-end gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-4"
      >
        <Select
          id="admissions-state"
          name="state"
          label={t("admissions.page.state")}
          placeholder={t("admissions.page.all")}
          defaultValue={data.query.state}
          options={APPLICATION_STATES.map((s) => ({
            value: s,
            label: `${t(`admissions.states.${s}`)} (${data.counts[s]})`,
          }))}
        />
        <Select
          id="admissions-program"
          name="programId"
          label={t("admissions.page.program")}
          placeholder={t("admissions.page.all")}
          defaultValue={data.query.programId}
          options={data.programs}
        />
        <TextInput
          id="admissions-q"
          name="q"
          type="search"
          label={t("admissions.page.search")}
          value={data.query.q}
        />
        <Button type="submit">{t("admissions.page.apply")}</Button>
      </form>
      <p class="text-sm text-gray-600" role="status">{t("admissions.page.found", { count: data.total })}</p>
      <DataTable
        caption={t("admissions.page.title")}
        rows={data.rows}
        rowKey={(a) => a.id}
        emptyText={t("admissions.page.none")}
        columns={[
          {
            key: "reference",
            header: t("admissions.page.reference"),
            render: (a) => (
              <a class="font-mono text-primary-700 underline" href={`/admissions/${a.id}`}>{a.reference}</a>
            ),
          },
          {
            key: "name",
            header: t("admissions.page.name"),
            render: (a) =>
              state.lang === "en" ? `${a.firstNameEn} ${a.lastNameEn}` : `${a.firstNameKa} ${a.lastNameKa}`,
          },
          ...(state.auth.can(PERSONAL_FIELD_KEYS.personalNumber)
            ? [{ key: "personalNumber", header: t("admissions.fields.personalNumber") }]
            : []),
          {
            key: "program",
            header: t("admissions.page.program"),
            render: (a) => programName.get(a.programId) ?? a.programId,
          },
          {
            key: "state",
            header: t("admissions.page.state"),
            render: (a) => <StateBadge state={a.state} t={t} />,
          },
          {
            key: "submittedAt",
            header: t("admissions.page.submitted"),
            render: (a) => formatDisplayDate(a.submittedAt.slice(0, 10)),
          },
        ]}
      />
      {pages > 1 && (
        <nav class="flex gap-3 text-sm" aria-label={t("admissions.page.title")}>
          {data.query.page > 1 && <a class="underline" href={link(data.query.page - 1)}>←</a>}
          <span>{data.query.page} / {pages}</span>
          {data.query.page < pages && <a class="underline" href={link(data.query.page + 1)}>→</a>}
        </nav>
      )}
    </section>
  );
}

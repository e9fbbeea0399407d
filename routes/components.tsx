import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { DataTable } from "../components/ui/data_table.tsx";
import { Tabs } from "../components/ui/tabs.tsx";
import { formatDisplayDate } from "../components/ui/date_format.ts";
import { ComponentTypes, type TypeRow } from "../islands/lists/component_types.tsx";
import {
  componentTypeLog,
  listComponentTypes,
  type TypeLogEntry,
} from "../services/lists/component_types.ts";
import type { ComponentType } from "../services/lists/model.ts";
import type { AppState } from "../http/app_state.ts";

const VIEW = "menu.learningProcesses.components";
const EDIT = "menu.learningProcesses.learningCourses.components";
const LOGS = `${EDIT}.logs`;

export const meta: RouteMeta = { titleKey: "menu.components", permission: VIEW };

interface Data {
  tab: "types" | "log";
  rows: TypeRow[];
  log: TypeLogEntry[];
}

/** Issue 20: the catalogue of assessment component types the course components dialog names its parts after. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    const tab = url.searchParams.get("tab") === "log" && state.auth.can(LOGS) ? "log" : "types";
    const rows = (await listComponentTypes()).map((r) => ({ ...r.value, versionstamp: r.versionstamp }));
    return render({ tab, rows, log: tab === "log" ? await componentTypeLog(500) : [] });
  },
};

const nameOf = (value: unknown) => {
  const v = value as ComponentType | null;
  return v ? `${v.nameKa} / ${v.nameEn}` : "—";
};

export default function ComponentsPage({ data, state }: PageProps<Data, AppState>) {
  const { t, auth } = state;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("componentTypes.title")}</h1>
      {auth.can(LOGS) && (
        <Tabs
          id="component-types-tabs"
          label={t("componentTypes.title")}
          selected={data.tab}
          tabs={[
            { key: "types", label: t("componentTypes.types"), href: "/components" },
            { key: "log", label: t("componentTypes.log"), href: "/components?tab=log" },
          ]}
        />
      )}
      {data.tab === "types" && <ComponentTypes rows={data.rows} canEdit={auth.can(EDIT)} />}
      {data.tab === "log" && (
        <DataTable
          caption={t("componentTypes.log")}
          rows={data.log}
          rowKey={(r) => r.id}
          emptyText={t("common.empty")}
          columns={[
            {
              key: "at",
              header: t("componentTypes.at"),
              render: (r) => formatDisplayDate(r.at.slice(0, 10)),
            },
            {
              key: "actor",
              header: t("componentTypes.actor"),
              render: (r) => r.actor === null ? "—" : `#${r.actor}`,
            },
            { key: "action", header: t("componentTypes.action") },
            {
              key: "change",
              header: t("componentTypes.change"),
              render: (r) => `${nameOf(r.before)} → ${nameOf(r.after)}`,
            },
          ]}
        />
      )}
    </section>
  );
}

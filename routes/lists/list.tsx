import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { Paginator } from "../../components/ui/mod.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { ListsTable } from "../../components/lists/lists_table.tsx";
import { LISTS_ALL_KEY, LISTS_KEY } from "../../services/lists/access.ts";
import { listMine, type ListPage } from "../../services/lists/mine.ts";
import { listAllPrograms, listAllSchools } from "../../services/structure/mod.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.list", permission: LISTS_KEY };

const PAGE_SIZE = 20;
const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

interface Choice {
  id: number;
  label: string;
}

interface Data extends ListPage {
  text: string;
  page: number;
  seesAll: boolean;
  /** Staff's filters (kept in the URL as school= and program=); empty lists for a professor. */
  schoolId: number | undefined;
  programId: number | undefined;
  schools: Choice[];
  programs: Choice[];
}

/** Issue 20: the professor's landing page — their sections in a semester and each list's status. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    const user = state.identity!.user;
    const seesAll = state.auth.can(LISTS_ALL_KEY);
    const text = (url.searchParams.get("q") ?? "").slice(0, 100);
    const page = positive(url.searchParams.get("page")) ?? 1;
    const schoolId = seesAll ? positive(url.searchParams.get("school")) : undefined;
    const [schools, allPrograms] = seesAll
      ? await Promise.all([listAllSchools(), listAllPrograms()])
      : [[], []];
    // The programs of the chosen school only, and a program of another school dropped with them, so the two
    // filters never contradict each other.
    const programs = allPrograms.filter((p) => schoolId === undefined || p.schoolId === schoolId);
    const asked = seesAll ? positive(url.searchParams.get("program")) : undefined;
    const programId = programs.some((p) => p.id === asked) ? asked : undefined;
    const data = await listMine(
      { groupId: positive(url.searchParams.get("group")), text, schoolId, programId, page, limit: PAGE_SIZE },
      { userId: user.id, hrUserId: user.hrUserId, seesAll },
      state.lang,
    );
    const label = (p: { nameKa: string; nameEn: string }) =>
      state.lang === "en" ? p.nameEn || p.nameKa : p.nameKa;
    return render({
      ...data,
      text,
      page,
      seesAll,
      schoolId,
      programId,
      schools: schools.map((s) => ({ id: s.id, label: label(s) })),
      programs: programs.map((p) => ({ id: p.id, label: `${p.code} · ${label(p)}` })),
    });
  },
};

export default function ListsPage({ data, state }: PageProps<Data, AppState>) {
  const { t } = state;
  const href = (page: number) => {
    const params = new URLSearchParams();
    if (data.groupId !== null) params.set("group", String(data.groupId));
    if (data.text) params.set("q", data.text);
    if (data.schoolId !== undefined) params.set("school", String(data.schoolId));
    if (data.programId !== undefined) params.set("program", String(data.programId));
    params.set("page", String(page));
    return `/lists/list?${params}`;
  };
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("lists.title")}</h1>
      <form method="get" action="/lists/list" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t("lists.semester")}
          <select name="group" class="rounded border border-gray-300 px-2 py-1 text-sm">
            {data.groups.map((g) => (
              <option key={g.id} value={g.id} selected={g.id === data.groupId}>{g.label}</option>
            ))}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t("lists.search")}
          <input
            name="q"
            value={data.text}
            maxLength={100}
            class="rounded border border-gray-300 px-2 py-1 text-sm"
          />
        </label>
        {data.seesAll && (
          <>
            <FilterSelect
              name="school"
              label={t("lists.school")}
              any={t("lists.anySchool")}
              choices={data.schools}
              selected={data.schoolId}
            />
            <FilterSelect
              name="program"
              label={t("lists.program")}
              any={t("lists.anyProgram")}
              choices={data.programs}
              selected={data.programId}
            />
          </>
        )}
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("lists.show")}</button>
      </form>
      <ListsTable rows={data.data} t={t} showProfessor={data.seesAll} />
      {data.total > PAGE_SIZE && (
        <Paginator
          id="lists-pages"
          page={data.page}
          limit={PAGE_SIZE}
          pageSizes={[PAGE_SIZE]}
          total={data.total}
          hrefFor={href}
        />
      )}
    </section>
  );
}

function FilterSelect(
  { name, label, any, choices, selected }: {
    name: string;
    label: string;
    any: string;
    choices: Choice[];
    selected: number | undefined;
  },
) {
  return (
    <label class="flex flex-col text-xs">
      {label}
      <select name={name} class="max-w-xs rounded border border-gray-300 px-2 py-1 text-sm">
        <option value="">{any}</option>
        {choices.map((c) => <option key={c.id} value={c.id} selected={c.id === selected}>{c.label}</option>)}
      </select>
    </label>
  );
}

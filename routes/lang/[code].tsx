import { DEFAULT_PAGE_SIZES, Paginator, Tabs } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { LanguageActions } from "../../islands/languages/actions.tsx";
import { TranslationEditor } from "../../islands/languages/translation_editor.tsx";
import {
  getLanguage,
  type Language,
  listLanguages,
  type Side,
  SIDES,
  type TranslationRow,
  translationRows,
} from "../../services/languages/mod.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "langAdmin.translations", permission: "menu.languages" };

const DEFAULT_LIMIT = 40;

interface LanguagePage {
  side: Side;
  language: Language;
  languages: Language[];
  q: string;
  missing: boolean;
  page: number;
  limit: number;
  rows: TranslationRow[];
  total: number;
}

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

function tabHref(code: string, side: Side, extra: Record<string, string | number> = {}) {
  const query = new URLSearchParams({ side });
  for (const [k, v] of Object.entries(extra)) if (v !== "" && v !== 0) query.set(k, String(v));
  return `/lang/${code}?${query}`;
}

/** One language tab of one side: every key with its text, filtered by text and paged in the URL. */
export const handler: Handlers<LanguagePage, AppState> = {
  async GET({ url, params, render }) {
    const side = (SIDES as readonly string[]).includes(url.searchParams.get("side") ?? "")
      ? url.searchParams.get("side") as Side
      : "admin_side";
    const language = await getLanguage(side, params.code);
    if (!language) throw notFound("language");
    const q = (url.searchParams.get("q") ?? "").slice(0, 200);
    const missing = url.searchParams.get("missing") === "1";
    const limit = positive(url.searchParams.get("limit"), DEFAULT_LIMIT, 1000);
    let page = positive(url.searchParams.get("page"), 1, 100_000);
    let found = await translationRows(side, language.code, { q, missing, page, limit });
    if (found.data.length === 0 && found.total > 0) {
      page = Math.ceil(found.total / limit);
      found = await translationRows(side, language.code, { q, missing, page, limit });
    }
    const languages = await listLanguages(side);
    return render({
      side,
      language,
      languages,
      q,
      missing,
      page,
      limit,
      rows: found.data,
      total: found.total,
    });
  },
};

export default function LanguagePage({ data, state }: PageProps<LanguagePage, AppState>) {
  const { t, auth } = state;
  const { side, language, q, missing, limit } = data;
  const canEdit = auth.can("menu.languages.edit");
  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-center justify-between gap-3">
        <h1 class="text-xl font-semibold">{t("sections.lang")}</h1>
        {canEdit && <LanguageActions side={side} />}
      </div>
      <Tabs
        id="lang-side"
        label={t("langAdmin.side")}
        selected={side}
        tabs={SIDES.map((s) => ({ key: s, label: t(`langAdmin.sides.${s}`), href: tabHref("ka", s) }))}
      />
      <Tabs
        id="lang-tabs"
        label={t("langAdmin.languages")}
        selected={language.code}
        panelId="lang-panel"
        tabs={data.languages.map((l) => ({
          key: l.code,
          // A language is named in itself ("English"): marked as such, for screen readers and the script checks.
          label: <span lang={l.code}>{`${l.flag ? `${l.flag} ` : ""}${l.name}`}</span>,
          href: tabHref(l.code, side),
        }))}
      />
      <div
        id="lang-panel"
        role="tabpanel"
        aria-labelledby={`lang-tabs-tab-${language.code}`}
        class="space-y-3"
      >
        <form method="get" action={`/lang/${language.code}`} class="flex flex-wrap items-end gap-3">
          <input type="hidden" name="side" value={side} />
          {limit !== DEFAULT_LIMIT && <input type="hidden" name="limit" value={limit} />}
          <label class="flex flex-col text-sm">
            {t("langAdmin.search")}
            <input
              type="search"
              name="q"
              value={q}
              maxLength={200}
              class="mt-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm"
            />
          </label>
          <label class="flex items-center gap-2 text-sm">
            <input type="checkbox" name="missing" value="1" checked={missing} />
            {t("langAdmin.onlyMissing")}
          </label>
          <button
            type="submit"
            class="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm shadow-sm"
          >
            {t("common.filter")}
          </button>
        </form>
        <p class="text-sm text-gray-600" data-testid="lang-total">
          {t("langAdmin.total", { count: data.total })}
        </p>
        <TranslationEditor
          side={side}
          code={language.code}
          rows={data.rows}
          canEdit={canEdit}
          showReference={language.code !== "ka"}
        />
        <Paginator
          id="lang-pages"
          total={data.total}
          page={data.page}
          limit={limit}
          pageSizes={DEFAULT_PAGE_SIZES}
          hrefFor={(page, size) =>
            tabHref(language.code, side, { q, missing: missing ? 1 : 0, page, limit: size })}
        />
      </div>
    </section>
  );
}

import {
  booksExportPath,
  booksHref,
  type BooksUrlState,
  isFiltered,
  type NameLang,
  readBooksState,
} from "../components/books/list_query.ts";
import { BooksFilterForm } from "../components/books/filter_form.tsx";
import { BooksTableView, type BookTableRow } from "../components/books/books_table_view.tsx";
import { DEFAULT_PAGE_SIZE, Paginator, Tabs } from "../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { BooksActions } from "../islands/books/actions.tsx";
import { BooksFilterBehavior } from "../islands/books/filter_behavior.tsx";
import { type SubBookRowData, SubBooksTable } from "../islands/books/sub_books_table.tsx";
import { bookListRow, findBooks, type IndexedBook } from "../services/books/list_index.ts";
import { memoByIdentity } from "../utils/identity_tag.ts";
import { keysUnder } from "../services/identity/permission_catalogue.ts";
import { getSetting } from "../services/shell/settings.ts";
import { findSubBooks, nextSubBookId } from "../services/books/sub_books.ts";
import type { AppState } from "../http/app_state.ts";

const VIEW = "menu.learningProcesses.learningCourses";

export const meta: RouteMeta = { titleKey: "menu.learningCourses", permission: VIEW };

interface BooksPage {
  query: BooksUrlState;
  courses: BookTableRow[];
  subBooks: SubBookRowData[];
  total: number;
  categories: boolean;
  nextSubBookId: number;
}

/** One page of the tab in the URL: courses (from the in-process snapshot) or sub-course categories. */
export const handler: Handlers<BooksPage, AppState> = {
  async GET({ url, render, state }) {
    const started = performance.now();
    const query = readBooksState(url, state.lang);
    const data: BooksPage = {
      query,
      courses: [],
      subBooks: [],
      total: 0,
      categories: false,
      nextSubBookId: 1,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      if (query.tab === "courses") {
        const [found, system] = await Promise.all([
          findBooks(query.filter, query),
          getSetting("learningSystem"),
        ]);
        data.courses = found.rows.map((row) => tableRowOf(row));
        data.total = found.total;
        data.categories = system.bookType === 1;
      } else {
        const [found, nextId] = await Promise.all([findSubBooks(query.filter, query), nextSubBookId()]);
        data.subBooks = found.rows;
        data.total = found.total;
        data.nextSubBookId = nextId;
      }
      // A page past the end (a bookmark from a longer list) shows the last page instead.
      const shown = data.courses.length + data.subBooks.length;
      if (shown > 0 || data.total === 0) break;
      query.page = Math.ceil(data.total / query.limit);
    }
    return render(data, {
      headers: { "server-timing": `list;dur=${(performance.now() - started).toFixed(2)}` },
    });
  },
};

/**
 * A snapshot row's table row, made once per row: the snapshot replaces a row when its course changes, never
 * changes it in place. Frozen, so the kept row (components/ui/kept_row.tsx) finds its markup by a short key.
 */
const tableRowOf = memoByIdentity((row: IndexedBook) => {
  const { id, name, nameEng, code, credit, langCode, conditionStatus, componentCount, versionstamp } =
    bookListRow(row);
  return Object.freeze({
    id,
    name,
    nameEng,
    code,
    credit,
    langCode,
    conditionStatus,
    componentCount,
    versionstamp,
  });
});

export default function BooksPageView({ data, state }: PageProps<BooksPage, AppState>) {
  const { t, lang, auth } = state;
  const { query } = data;
  const { filter } = query;
  const interfaceLang = lang as NameLang;
  const href = (changes: Partial<BooksUrlState>) => booksHref({ ...query, ...changes }, interfaceLang);
  const filtered = isFiltered(filter);
  // The dialogs hide what the person may not do: they get every key of this screen the person holds.
  const courseKeys = keysUnder(VIEW).filter((key) => key !== VIEW && auth.can(key));
  const nameLinks: { key: NameLang; label: string }[] = [
    { key: "ka", label: t("books.names.ka") },
    { key: "en", label: t("books.names.en") },
  ];
  const courses = query.tab === "courses";

  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-center justify-between gap-3">
        <h1 class="text-2xl font-semibold">{t("books.title")}</h1>
        <nav
          aria-label={t("books.names.label")}
          class="flex items-center gap-1 rounded-md border border-gray-200 p-0.5"
        >
          {nameLinks.map((item) => (
            <a
              key={item.key}
              href={href({ names: item.key, page: 1 })}
              aria-current={query.names === item.key ? "true" : undefined}
              hreflang={item.key}
              data-testid={`books-names-${item.key}`}
              class={query.names === item.key
                ? "rounded px-3 py-1 text-sm font-medium bg-primary-600 text-white"
                : "rounded px-3 py-1 text-sm text-gray-700 hover:bg-gray-100"}
            >
              {item.label}
            </a>
          ))}
        </nav>
      </div>
      <Tabs
        id="books"
        label={t("books.tabs.label")}
        selected={query.tab}
        panelId="books-panel"
        tabs={[
          {
            key: "courses",
            label: t("books.tabs.courses"),
            href: booksHref({ ...query, tab: "courses", filter: {}, page: 1 }, interfaceLang),
          },
          {
            key: "sub",
            label: t("books.tabs.sub"),
            href: booksHref({ ...query, tab: "sub", filter: {}, page: 1 }, interfaceLang),
          },
        ]}
      />
      <div id="books-panel" role="tabpanel" aria-labelledby={`books-tab-${query.tab}`} class="space-y-4">
        <BooksFilterForm
          query={query}
          names={query.names === interfaceLang ? null : query.names}
          limit={query.limit === DEFAULT_PAGE_SIZE ? null : query.limit}
          exportPath={courses && auth.can(`${VIEW}.export`) ? booksExportPath(filter, query.names) : null}
          filtered={filtered}
        />
        <BooksFilterBehavior />
        <p class="text-sm text-gray-600" data-testid="books-total">
          {t("books.found", { count: data.total })}
        </p>
        {courses
          ? (
            <>
              <BooksTableView
                rows={data.courses}
                names={query.names}
                can={courseKeys}
                categories={data.categories}
                emptyText={t(filtered ? "books.emptyFiltered" : "books.empty")}
              />
              <BooksActions can={courseKeys} names={query.names} />
            </>
          )
          : (
            <SubBooksTable
              rows={data.subBooks}
              names={query.names}
              canManage={auth.can(`${VIEW}.categories`)}
              nextId={data.nextSubBookId}
              emptyText={t(filtered ? "books.emptyFiltered" : "books.sub.empty")}
            />
          )}
        <Paginator
          id="books-pages"
          total={data.total}
          page={query.page}
          limit={query.limit}
          hrefFor={(page, limit) => href({ page, limit })}
        />
      </div>
    </section>
  );
}

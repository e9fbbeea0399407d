/**
 * The courses screen's state lives in the URL (bookmarkable, the back button works, no JavaScript needed): the
 * tab, the language of the name column, the filter of SPEC §2.4 and the page. This reads it forgivingly (a
 * hand-edited URL shows the nearest sensible list, never an error) and writes links; shared by the page and
 * its islands, so it imports nothing from services.
 */
import { DEFAULT_PAGE_SIZE } from "../ui/pagination.ts";
import { formQuery, withQuery } from "../../utils/form_query.ts";

export type BooksTab = "courses" | "sub";
export type NameLang = "ka" | "en";

/** The list's filter as the URL holds it (the courses snapshot takes the same shape). */
export interface BooksUrlFilter {
  text?: string;
  credit?: number;
  type?: 1 | 2;
  status?: "active" | "closed";
  conditions?: 1 | 2;
  components?: 1 | 2;
  lang?: string[];
  langCode?: "geo" | "eng";
}

export interface BooksUrlState {
  tab: BooksTab;
  /** Which name the table shows: Georgian (`name`) or English (`nameEng`). */
  names: NameLang;
  filter: BooksUrlFilter;
  page: number;
  limit: number;
}

export const BOOK_LANG_CODES = ["gr", "en", "fr", "ru", "es", "tu"] as const;
const TEXT_MAX = 100;

function whole(value: string | null, min: number, max: number): number | undefined {
  const n = Number(value || NaN);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function oneOf<T extends string | number>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => String(a) === value);
}

export function readBooksState(url: URL, interfaceLang: NameLang): BooksUrlState {
  const p = url.searchParams;
  const tab = p.get("tab") === "sub" ? "sub" : "courses";
  const text = (p.get("text") ?? "").trim().slice(0, TEXT_MAX);
  const credit = Number(p.get("credit") || NaN);
  const langs = p.getAll("lang").filter((l) => (BOOK_LANG_CODES as readonly string[]).includes(l));
  const filter: BooksUrlFilter = {
    text: text || undefined,
    credit: Number.isFinite(credit) && credit >= 0 && credit <= 1000 ? credit : undefined,
    status: oneOf(p.get("status"), ["active", "closed"] as const),
  };
  // The sub-books tab filters by text, credit and status only.
  if (tab === "courses") {
    Object.assign(filter, {
      type: oneOf(p.get("type"), [1, 2] as const),
      conditions: oneOf(p.get("conditions"), [1, 2] as const),
      components: oneOf(p.get("components"), [1, 2] as const),
      lang: langs.length ? [...new Set(langs)] : undefined,
      langCode: oneOf(p.get("langCode"), ["geo", "eng"] as const),
    });
  }
  return {
    tab,
    names: oneOf(p.get("names"), ["ka", "en"] as const) ?? interfaceLang,
    filter: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as BooksUrlFilter,
    page: whole(p.get("page"), 1, 1_000_000) ?? 1,
    limit: whole(p.get("limit"), 1, 1000) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The filter as query parameters (languages repeated), empty ones left out. */
export function filterParams(filter: BooksUrlFilter): [string, string | number][] {
  const pairs: [string, string | number][] = [];
  for (const [name, value] of Object.entries(filter)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) pairs.push([name, v]);
  }
  return pairs;
}

/** The screen's URL for a state; defaults (courses tab, interface language, page 1, 15 rows) left out. */
export function booksHref(state: BooksUrlState, interfaceLang: NameLang): string {
  return withQuery(
    "/books",
    formQuery([
      ...filterParams(state.filter),
      ["tab", state.tab === "sub" ? "sub" : undefined],
      ["names", state.names !== interfaceLang ? state.names : undefined],
      ["page", state.page !== 1 ? state.page : undefined],
      ["limit", state.limit !== DEFAULT_PAGE_SIZE ? state.limit : undefined],
    ]),
  );
}

/** The export of the same filter (all pages), its name column in the picker's language. */
export function booksExportPath(filter: BooksUrlFilter, names: NameLang): string {
  return `/books/export?${formQuery([...filterParams(filter), ["names", names]])}`;
}

export function isFiltered(filter: BooksUrlFilter): boolean {
  return Object.values(filter).some((value) => value !== undefined);
}

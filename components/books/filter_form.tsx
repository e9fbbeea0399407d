/**
 * The courses screen's filter panel (SPEC §2.4), rendered on the server: a plain GET form, so the filter lives
 * in the URL and works without JavaScript. islands/books/filter_behavior.tsx makes the list follow it as it is
 * changed and the panel collapse; the export button in the panel's header is its own island. The form, all of
 * whose markup follows from the filter, tab, name language and page size, is kept once rendered under them.
 */
import { BooksExport } from "../../islands/books/export.tsx";
import {
  buttonClass,
  FilterPanel,
  MultiSelect,
  NumberInput,
  Select,
  type SelectOption,
  TextInput,
} from "../ui/mod.ts";
import { t } from "../../utils/i18n.ts";
import { CachedFragment } from "../../framework/islands.ts";
import { BOOK_LANG_CODES, type BooksUrlState } from "./list_query.ts";

export const BOOKS_FILTER_FORM_ID = "books-filter";
export const BOOKS_FILTER_PANEL_ID = "books-filter-panel";

export interface BooksFilterFormProps {
  query: BooksUrlState;
  /** Kept across filter changes when not the defaults. */
  names: string | null;
  limit: number | null;
  /** The export of the current filter (an /api path); null without the permission or on the sub-books tab. */
  exportPath: string | null;
  filtered: boolean;
}

export function BooksFilterForm({ query, names, limit, exportPath, filtered }: BooksFilterFormProps) {
  const { filter } = query;
  const courses = query.tab === "courses";
  const id = BOOKS_FILTER_FORM_ID;
  const choice = (name: string, value: string | number | undefined, options: SelectOption[]) => (
    <Select
      id={`${id}-${name}`}
      name={name}
      label={t(`books.filter.${name}`)}
      placeholder={t("common.all")}
      options={options}
      defaultValue={value === undefined ? "" : String(value)}
    />
  );
  const withWithout = [
    { value: "1", label: t("books.filter.with") },
    { value: "2", label: t("books.filter.without") },
  ];
  return (
    <FilterPanel
      id={BOOKS_FILTER_PANEL_ID}
      title={t("common.filter")}
      actions={exportPath && <BooksExport path={exportPath} class={buttonClass("secondary", "sm")} />}
    >
      <CachedFragment
        cacheKey={`books-filter\u0000${query.tab}\u0000${names}\u0000${limit}\u0000${JSON.stringify(filter)}`}
        render={() => (
          <form
            id={id}
            method="get"
            action="/books"
            role="search"
            class="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            {!courses && <input type="hidden" name="tab" value="sub" />}
            {names && <input type="hidden" name="names" value={names} />}
            {limit !== null && <input type="hidden" name="limit" value={String(limit)} />}
            <TextInput
              id={`${id}-text`}
              name="text"
              type="search"
              label={t("books.filter.text")}
              placeholder={t("books.filter.textPlaceholder")}
              defaultValue={filter.text ?? ""}
              maxLength={100}
              autoComplete="off"
              class="sm:col-span-2"
            />
            <NumberInput
              id={`${id}-credit`}
              name="credit"
              label={t("books.filter.credit")}
              min={0}
              max={1000}
              step="any"
              defaultValue={filter.credit === undefined ? "" : String(filter.credit)}
            />
            {choice("status", filter.status, [
              { value: "active", label: t("books.status.active") },
              { value: "closed", label: t("books.status.closed") },
            ])}
            {courses && choice("type", filter.type, [
              { value: "1", label: t("books.type.1") },
              { value: "2", label: t("books.type.2") },
            ])}
            {courses && choice("conditions", filter.conditions, withWithout)}
            {courses && choice("components", filter.components, withWithout)}
            {courses && choice("langCode", filter.langCode, [
              { value: "geo", label: t("books.langCode.geo") },
              { value: "eng", label: t("books.langCode.eng") },
            ])}
            {courses && (
              <MultiSelect
                id={`${id}-lang`}
                name="lang"
                label={t("books.filter.lang")}
                placeholder={t("common.all")}
                options={BOOK_LANG_CODES.map((l) => ({ value: l, label: t(`books.lang.${l}`) }))}
                defaultValue={filter.lang ?? []}
              />
            )}
            <div class="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
              <button type="submit" class={buttonClass("primary", "md")}>{t("common.apply")}</button>
              {filtered && (
                <a
                  href={courses ? "/books" : "/books?tab=sub"}
                  class="px-2 py-2 text-sm text-primary-700 hover:underline"
                >
                  {t("books.filter.clear")}
                </a>
              )}
            </div>
          </form>
        )}
      />
    </FilterPanel>
  );
}

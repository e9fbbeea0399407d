import { Button, DEFAULT_PAGE_SIZE, Select, TextInput } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";
import type { HrQuery } from "./hr_query.ts";
import type { SchoolChoice } from "./hr_row.ts";

/**
 * A plain GET form: submitting puts the search into the URL (page 1 again; the tab and the page size kept), so
 * it works without JavaScript and client navigation turns it into a page swap.
 */
export function HrSearchForm(
  { t, query, schools }: { t: Translate; query: HrQuery; schools: SchoolChoice[] },
) {
  const filtered = query.text !== "" || query.schoolId !== undefined;
  return (
    <form
      method="get"
      action="/hr"
      role="search"
      class="flex flex-wrap items-end gap-3"
      data-testid="hr-search"
    >
      <input type="hidden" name="kind" value={query.kind} />
      {query.limit !== DEFAULT_PAGE_SIZE && <input type="hidden" name="limit" value={String(query.limit)} />}
      <TextInput
        id="hr-search-text"
        name="text"
        type="search"
        label={t("hr.search")}
        placeholder={t("hr.searchLabel")}
        value={query.text}
        maxLength={100}
        class="w-full sm:w-80"
      />
      {schools.length > 0 && (
        <Select
          id="hr-search-school"
          name="schoolId"
          label={t("hr.school")}
          placeholder={t("hr.allSchools")}
          defaultValue={query.schoolId === undefined ? "" : String(query.schoolId)}
          options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
          class="w-full sm:w-72"
        />
      )}
      <Button type="submit">{t("hr.search")}</Button>
      {filtered && (
        <a href={`/hr?kind=${query.kind}`} class="px-2 py-2 text-sm text-primary-700 hover:underline">
          {t("hr.clear")}
        </a>
      )}
    </form>
  );
}

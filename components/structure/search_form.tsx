import type { ComponentChildren } from "preact";
import { Button, TextInput } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";

export interface SearchFormProps {
  t: Translate;
  /** Prefix of the controls' ids. */
  id: string;
  action: string;
  text: string;
  /** Whether any filter is set, to offer clearing them. */
  filtered: boolean;
  /** The page size, kept when the filter changes; undefined for the default. */
  limit?: number;
  /** Further filters (selects) between the text box and the buttons. */
  children?: ComponentChildren;
}

/**
 * A plain GET form: submitting puts the filter into the URL (page 1 again, the page size kept), so a filtered
 * list can be bookmarked and the back button returns to the previous filter. Works without JavaScript.
 */
export function SearchForm({ t, id, action, text, filtered, limit, children }: SearchFormProps) {
  return (
    <form method="get" action={action} role="search" class="flex flex-wrap items-end gap-3">
      <TextInput
        id={`${id}-text`}
        name="text"
        type="search"
        label={t("structure.search")}
        placeholder={t("structure.searchPlaceholder")}
        value={text}
        maxLength={100}
        class="w-full sm:w-72"
      />
      {children}
      {limit !== undefined && <input type="hidden" name="limit" value={String(limit)} />}
      <Button type="submit">{t("structure.searchButton")}</Button>
      {filtered && (
        <a href={action} class="px-2 py-2 text-sm text-primary-700 hover:underline">{t("structure.clear")}</a>
      )}
    </form>
  );
}

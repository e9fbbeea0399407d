/**
 * Makes the courses screen's server-rendered filter (components/books/filter_form.tsx) live
 * (components/ui/live_filter.ts): the list follows the text as it is typed, a changed choice at once, and ticked
 * languages after a short pause, as several are often ticked in a row. It renders nothing.
 */
import { useEffect } from "preact/hooks";
import { liveFilter } from "../../components/ui/live_filter.ts";

const LANGUAGES_MS = 600;

export function BooksFilterBehavior() {
  useEffect(() =>
    liveFilter({
      // The ids of components/books/filter_form.tsx (imported, it would bring the form into the page's script).
      formId: "books-filter",
      panelId: "books-filter-panel",
      typingMs: 300,
      choiceMs: (control) => control.type === "checkbox" ? LANGUAGES_MS : 0,
    }), []);
  return null;
}

/**
 * The courses page's actions: the floating add button, and the answer to every row action button the server
 * rendered in the table (one delegated click listener). What a click opens — the course form, a per-course
 * dialog, the remove confirmation — lives in components/books/action_host.tsx and is imported on the first
 * click, so the page ships only this until someone acts (budget: 30 KB gzip of JavaScript before a dialog).
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { ActionHostProps, HostAction } from "../../components/books/action_host.tsx";
import type { BookRowSummary } from "../../components/books/dialog_props.ts";
import { actionNameId } from "../../components/books/action_name.ts";
import { unpackBook } from "../../components/books/row_data.ts";
// Direct imports, not the kit's barrel: the page's JavaScript stays limited to what this island uses.
import { Fab } from "../../components/ui/fab.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { t } from "../../utils/i18n.ts";

export interface BooksActionsProps {
  /** The person's permission keys under menu.learningProcesses.learningCourses. */
  can: string[];
  /** Which name the dialogs show first (the language picker). */
  names: "ka" | "en";
}

const TABLE_ID = "books-table";
let host: Promise<ComponentType<ActionHostProps>> | null = null;
const loadHost = () =>
  host ??= import("../../components/books/action_host.tsx").then((m) => m.ActionHost, (e) => {
    host = null;
    throw e;
  });

export function BooksActions({ can, names }: BooksActionsProps) {
  const [opened, setOpened] = useState<{ action: HostAction; book: BookRowSummary | null } | null>(null);
  const [Host, setHost] = useState<ComponentType<ActionHostProps> | null>(null);
  const [loading, setLoading] = useState(false);

  const open = async (action: HostAction, book: BookRowSummary | null) => {
    setLoading(true);
    try {
      const loaded = await loadHost();
      setHost(() => loaded);
      setOpened({ action, book });
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-action]");
      const row = button?.closest<HTMLElement>("[data-book]");
      if (!button || !row || !button.closest(`#${TABLE_ID}`)) return;
      open(button.dataset.action as HostAction, unpackBook(row.dataset.book!));
    };
    // The buttons are named once per page (aria-labelledby); a pointer user sees the name as a tooltip.
    const onPoint = (event: PointerEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>(`#${TABLE_ID} [data-action]`);
      if (button && !button.title) {
        button.title = document.getElementById(actionNameId(button.dataset.action!))?.textContent ?? "";
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("pointerover", onPoint);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("pointerover", onPoint);
    };
  }, []);

  return (
    <>
      {can.includes("menu.learningProcesses.learningCourses.add") && (
        <Fab
          label={t("books.add")}
          onClick={() => open("add", null)}
        />
      )}
      {loading && <Spinner class="fixed right-6 top-20 z-50" label={t("common.loading")} />}
      {Host && opened && <Host {...opened} can={can} names={names} onClose={() => setOpened(null)} />}
    </>
  );
}

/**
 * What a row action or the add button of the courses page opens, imported on the first click: the course
 * form (add, edit), the remove confirmation with the server's refusal in the error dialog, and the per-course
 * dialogs (each imported on its own first use, dialog_loader.ts). After a change the page is shown again with
 * the server's data; its filter and page stay in the URL.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ConfirmDialog, ErrorDialog, showToast, Spinner } from "../ui/mod.ts";
import { reloadPage } from "../ui/navigation.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { BookForm } from "./book_form.tsx";
import type { BookAction } from "./book_row_actions.tsx";
import { type BookDialogName, loadBookDialog } from "./dialog_loader.ts";
import type { BookDialogProps, BookRowSummary } from "./dialog_props.ts";

export type HostAction = BookAction | "add";

export interface ActionHostProps {
  action: HostAction;
  /** The row's course; null for "add". */
  book: BookRowSummary | null;
  can: string[];
  names: "ka" | "en";
  onClose: () => void;
}

export function ActionHost({ action, book, can, names, onClose }: ActionHostProps) {
  const [Dialog, setDialog] = useState<ComponentType<BookDialogProps> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isDialog = action !== "add" && action !== "edit" && action !== "remove";

  useEffect(() => {
    setDialog(null);
    if (!isDialog) return;
    loadBookDialog(action as BookDialogName).then(
      (loaded) => setDialog(() => loaded),
      () => setError(t("errors.unexpected")),
    );
  }, [action, book?.id]);

  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
  const remove = async () => {
    if (!book) return;
    setBusy(true);
    try {
      await call("DELETE /books/{id}", {
        params: { id: book.id },
        query: { versionstamp: book.versionstamp },
      });
      onClose();
      showToast(t("books.removed"), "success");
      reloadPage();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (b: BookRowSummary) => (names === "en" ? b.nameEng || b.name : b.name);
  const errorDialog = (
    <ErrorDialog
      id="books-error"
      message={error}
      title={t("common.errorTitle")}
      okLabel={t("common.ok")}
      onClose={() => {
        setError(null);
        onClose();
      }}
    />
  );

  if (action === "add" || action === "edit") {
    return (
      <BookForm
        bookId={action === "edit" && book ? book.id : null}
        onClose={onClose}
        onSaved={() => {
          onClose();
          showToast(t("books.saved"), "success");
          reloadPage();
        }}
      />
    );
  }
  if (action === "remove" && book) {
    return (
      <>
        <ConfirmDialog
          id="book-remove"
          open={error === null}
          title={t("books.removeTitle")}
          message={t("books.removeConfirm", { name: `${book.code || book.id} — ${nameOf(book)}` })}
          yesLabel={t("common.yes")}
          noLabel={t("common.no")}
          danger
          busy={busy}
          onYes={remove}
          onNo={() => !busy && onClose()}
        />
        {errorDialog}
      </>
    );
  }
  if (!book) return null;
  return (
    <>
      {Dialog
        ? <Dialog book={book} can={can} onClose={onClose} onChanged={reloadPage} />
        : error === null && <Spinner class="fixed right-6 top-20 z-50" label={t("common.loading")} />}
      {errorDialog}
    </>
  );
}

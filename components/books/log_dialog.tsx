/**
 * The course's log (SPEC §2.4 "view log", §9 logs 900): every change of the course and of its dialogs, newest
 * first, with actor, time, before and after (bookLog).
 */
import { Button, Dialog } from "../ui/mod.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { courseLabel, LoadState, useLoaded } from "./dialog_kit.tsx";
import type { BookDialogProps } from "./dialog_props.ts";
import { LogTable } from "./log_table.tsx";

export function LogDialog({ book, onClose }: BookDialogProps) {
  const log = useLoaded("GET /book_log/{bookId}", { params: { bookId: book.id } });
  return (
    <Dialog
      id="book-log"
      open
      width={900}
      title={t("bookDialogs.log.title", { course: courseLabel(book, currentLang()) })}
      onClose={onClose}
      footer={<Button variant="secondary" onClick={onClose}>{t("common.close")}</Button>}
    >
      <LoadState loaded={log}>{({ data }) => <LogTable entries={data} testId="book-log-table" />}</LoadState>
    </Dialog>
  );
}

/** The courses list's export (SPEC §2.4, §7.2) in the filter panel's header: the shared download control. */
import { DownloadButton } from "../../components/ui/download_button.tsx";
import { t } from "../../utils/i18n.ts";

export interface BooksExportProps {
  /** The export of the current filter, an /api path. */
  path: string;
  /** The control's look, from the server (components/ui/download_button.tsx says why). */
  class: string;
}

export function BooksExport({ path, class: look }: BooksExportProps) {
  return (
    <DownloadButton
      href={`/api${path}`}
      label={t("common.export")}
      progressLabel={t("books.exporting")}
      fallbackName="courses.xlsx"
      failedMessage={t("books.exportFailed")}
      testId="books-export"
      class={look}
    />
  );
}

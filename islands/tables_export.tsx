/**
 * The timetable's "export group" action (SPEC §2.7): the shared download control, so staff see the spreadsheet
 * being made and get the server's message if it fails. Without JavaScript it is a plain download link.
 */
import { DownloadButton } from "../components/ui/download_button.tsx";
import { t } from "../utils/i18n.ts";

export function TablesExport({ href, hint, class: look }: { href: string; hint: string; class: string }) {
  return (
    <DownloadButton
      href={href}
      label={t("timetable.export.button")}
      title={hint}
      progressLabel={t("timetable.export.progress")}
      fallbackName="timetable.xlsx"
      failedMessage={t("common.errorTitle")}
      errorTitle={t("common.errorTitle")}
      okLabel={t("common.ok")}
      testId="tables-export"
      class={look}
    />
  );
}

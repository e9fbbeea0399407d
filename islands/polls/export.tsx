/** A poll's .xlsx export on the dashboard and /exported-poll: the shared download control. */
import { DownloadButton } from "../../components/ui/download_button.tsx";
import { t } from "../../utils/i18n.ts";

export interface PollExportProps {
  pollId: number;
  /** The control's look, from the server (components/ui/download_button.tsx says why). */
  class: string;
}

export function PollExport({ pollId, class: look }: PollExportProps) {
  return (
    <DownloadButton
      href={`/api/polls/${pollId}/export`}
      label={t("polls.actions.export")}
      progressLabel={t("polls.actions.export")}
      fallbackName={`poll-${pollId}.xlsx`}
      testId={`poll-export-${pollId}`}
      class={look}
    />
  );
}

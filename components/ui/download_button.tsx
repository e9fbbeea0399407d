/**
 * The one export/download control: a link to the file (it works without JavaScript) that, once hydrated,
 * fetches the file so the person sees it being made — after SHOW_PROGRESS_AFTER_MS a progress bar appears,
 * with a percentage once the size is known — and then saves it. A failure opens the shared error dialog with
 * the server's message, or `failedMessage` (by default "Error", SPEC §8) when there is none. The fetching
 * code and the progress bar are loaded on the first click, the dialog only when a download fails: the timetable
 * page has a tight JavaScript budget.
 */
import { useRef, useState } from "preact/hooks";
import type { ErrorDialog as ErrorDialogType } from "./error_dialog.tsx";
import type { ProgressBar as ProgressBarType } from "./progress_bar.tsx";
import { t } from "../../utils/i18n.ts";

const SHOW_PROGRESS_AFTER_MS = 300;

export interface DownloadButtonProps {
  /** Same-origin URL of the file. */
  href: string;
  label: string;
  /** Accessible name of the progress bar, e.g. "Exporting…". */
  progressLabel: string;
  /** Saved under this name when the server names none. */
  fallbackName: string;
  /** Shown when the server gives no message; "Error" (SPEC §8) unless the caller says better. */
  failedMessage?: string;
  testId?: string;
  title?: string;
  /** The link's look, e.g. `buttonClass("secondary", "sm")` computed by the server-side caller: importing the
   * button module here would ship the Button and Spinner code with every page that has a download. */
  class: string;
}

export function DownloadButton(props: DownloadButtonProps) {
  const failedMessage = props.failedMessage ?? t("common.errorTitle");
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null | false>(false);
  const [error, setError] = useState<string | null>(null);
  const [ErrorDialog, setErrorDialog] = useState<typeof ErrorDialogType | null>(null);
  const [ProgressBar, setProgressBar] = useState<typeof ProgressBarType | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const start = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    let shown = false;
    let latest: number | null = null;
    timer.current = setTimeout(() => {
      shown = true;
      setProgress(latest);
    }, SHOW_PROGRESS_AFTER_MS);
    const [{ downloadFile, errorMessage }, bar] = await Promise.all([
      import("../../utils/download.ts"),
      import("./progress_bar.tsx"),
    ]);
    setProgressBar(() => bar.ProgressBar);
    try {
      await downloadFile(props.href, props.fallbackName, failedMessage, (percent) => {
        latest = percent;
        if (shown) setProgress(percent);
      });
    } catch (e) {
      const { ErrorDialog } = await import("./error_dialog.tsx");
      setErrorDialog(() => ErrorDialog);
      setError(errorMessage(e, failedMessage));
    } finally {
      clearTimeout(timer.current);
      setBusy(false);
      setProgress(false);
    }
  };

  return (
    <span class="inline-flex items-center gap-2">
      <a
        href={props.href}
        download
        class={`${props.class}${busy ? " cursor-wait opacity-70" : ""}`}
        aria-busy={busy ? "true" : undefined}
        aria-disabled={busy ? "true" : undefined}
        data-testid={props.testId}
        title={props.title}
        onClick={start}
      >
        {props.label}
      </a>
      {progress !== false && ProgressBar && (
        <ProgressBar
          value={progress}
          label={props.progressLabel}
          showValue={progress !== null}
          class="w-40"
        />
      )}
      {ErrorDialog && (
        <ErrorDialog
          id={`${props.testId ?? "download"}-error`}
          message={error}
          title={t("common.errorTitle")}
          okLabel={t("common.ok")}
          onClose={() => setError(null)}
        />
      )}
    </span>
  );
}

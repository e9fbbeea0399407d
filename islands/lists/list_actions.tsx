/**
 * A list's actions beside the grid: the professor submits (after a confirmation that says what it does); the
 * registrar unlocks with a reason; holders of the absence-limit key set the course's limit. Each calls the API
 * and re-reads the page; a refusal shows the shared error dialog with the server's reason.
 */
import { useState } from "preact/hooks";
import { ConfirmDialog } from "../../components/ui/confirm_dialog.tsx";
import { ErrorDialog } from "../../components/ui/error_dialog.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { reloadPage } from "../../components/ui/navigation.ts";
import { AbsenceLimitButton, type AbsenceLimitState } from "../../components/lists/absence_limit_dialog.tsx";

export function ListActions(
  { sectionId, canSubmit, canUnlock, absenceLimit = null }: {
    sectionId: string;
    canSubmit: boolean;
    canUnlock: boolean;
    /** The course's limit, for those who may set it. */
    absenceLimit?: AbsenceLimitState | null;
  },
) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState("");

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      showToast(await action(), "success");
      setConfirming(false);
      reloadPage();
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.fields.reason) setReasonError(error.fields.reason);
      else setFailure(error instanceof ApiError ? error.message : t("errors.unexpected"));
    } finally {
      setBusy(false);
    }
  }

  const submit = () =>
    run(async () => {
      const r = await call("POST /lists/{sectionId}/submit", { params: { sectionId } });
      return t("lists.submitted", { count: r.published });
    });
  const unlock = () =>
    run(async () => {
      await call("POST /lists/{sectionId}/unlock", { params: { sectionId }, body: { reason } });
      return t("lists.unlocked");
    });

  return (
    <div class="flex flex-wrap items-end gap-2">
      {absenceLimit && <AbsenceLimitButton current={absenceLimit} />}
      {canSubmit && (
        <button
          type="button"
          class={buttonClass("primary", "sm")}
          onClick={() => setConfirming(true)}
          id="list-submit"
        >
          {t("lists.submit")}
        </button>
      )}
      {canUnlock && (
        <form
          class="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setReasonError("");
            unlock();
          }}
        >
          <label class="flex flex-col text-xs">
            {t("lists.unlockReason")}
            <input
              name="reason"
              value={reason}
              maxLength={500}
              required
              aria-invalid={reasonError ? "true" : undefined}
              onInput={(e) => setReason((e.currentTarget as HTMLInputElement).value)}
              class="rounded border border-gray-300 px-2 py-1 text-sm"
            />
            {reasonError && <span class="text-danger-700">{reasonError}</span>}
          </label>
          <button type="submit" class={buttonClass("secondary", "sm")} disabled={busy}>
            {t("lists.unlock")}
          </button>
        </form>
      )}
      <ConfirmDialog
        id="list-submit-confirm"
        open={confirming}
        title={t("lists.submit")}
        message={t("lists.submitConfirm")}
        yesLabel={t("lists.yes")}
        noLabel={t("lists.no")}
        busy={busy}
        onYes={submit}
        onNo={() => setConfirming(false)}
      />
      <ErrorDialog
        id="list-error"
        message={failure}
        title={t("lists.title")}
        okLabel="OK"
        onClose={() => setFailure(null)}
      />
    </div>
  );
}

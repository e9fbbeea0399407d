/**
 * The dashboard's open and close buttons: each asks first (opening fixes the questions and notifies the
 * audience; closing stops the answers), names the version the row was shown at, and re-reads the page.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm_dialog.tsx";
import { ErrorDialog } from "../../components/ui/error_dialog.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface PollRowActionsProps {
  pollId: number;
  versionstamp: string;
  action: "open" | "close";
}

export function PollRowActions({ pollId, versionstamp, action }: PollRowActionsProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `poll-${action}-${pollId}`;
  const run = async () => {
    setBusy(true);
    try {
      const path = action === "open" ? "POST /polls/{id}/open" : "POST /polls/{id}/close";
      await call(path, { params: { id: pollId }, body: { versionstamp } });
      location.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant={action === "open" ? "primary" : "secondary"}
        onClick={() => setAsking(true)}
        data-testid={id}
      >
        {t(`polls.actions.${action}`)}
      </Button>
      <ConfirmDialog
        id={id}
        open={asking}
        title={t(`polls.actions.${action}`)}
        message={t(action === "open" ? "polls.confirmOpen" : "polls.confirmClose")}
        yesLabel={t(`polls.actions.${action}`)}
        noLabel={t("common.cancel")}
        busy={busy}
        onYes={run}
        onNo={() => setAsking(false)}
      />
      <ErrorDialog
        id={`${id}-error`}
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </>
  );
}

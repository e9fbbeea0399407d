/** "Resend failed" of a sending's log: queues the failed deliveries again, then re-reads the page. */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { ErrorDialog } from "../../components/ui/error_dialog.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export function SmsResend({ sendingId, versionstamp }: { sendingId: number; versionstamp: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = async () => {
    setBusy(true);
    try {
      await call("POST /sms/{id}/resend", { params: { id: sendingId }, body: { versionstamp } });
      location.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" loading={busy} onClick={resend} data-testid="sms-resend">
        {t("sms.resend")}
      </Button>
      <ErrorDialog
        id="sms-resend-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </>
  );
}

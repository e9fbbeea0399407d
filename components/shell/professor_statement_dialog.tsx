/**
 * The professor statement dialog (SPEC §2.5, §9: 500 px). The shell opens it once per session while the
 * statement is unchecked (components/shell/shell_live.ts); confirming stores the acceptance (audited).
 * Loaded with import() on first need, so no page ships it otherwise.
 */
import { useState } from "preact/hooks";
import { Button, Dialog, showToast } from "../ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export function ProfessorStatementDialog({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const close = () => {
    setOpen(false);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await call("POST /shell/professor-statement");
      showToast(t("shellLive.statement.confirmed"), "success");
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      id="professor-statement"
      open={open}
      width={500}
      title={t("shellLive.statement.title")}
      onClose={close}
      describedBy="professor-statement-text"
      footer={
        <>
          <Button variant="secondary" onClick={close}>{t("shellLive.statement.later")}</Button>
          <Button loading={busy} onClick={confirm} data-testid="statement-confirm">
            {t("shellLive.statement.confirm")}
          </Button>
        </>
      }
    >
      <div id="professor-statement-text" class="space-y-3 text-sm text-gray-800">
        <p>{t("shellLive.statement.body1")}</p>
        <p>{t("shellLive.statement.body2")}</p>
        {error && <p role="alert" class="text-danger-700">{error}</p>}
      </div>
    </Dialog>
  );
}

/**
 * The blocking personal-data consent dialog (SPEC §4): no close button, Escape and the backdrop do nothing;
 * it closes only when the server answers `result: "yes"`. `sms_required` switches to SMS mode (a 6-digit code
 * field and the red OTP note); `code_invalid` raises the "wrong code" alert. A page that could not tell the
 * person's state renders consent/check.tsx instead, which loads this only when consent is needed.
 */
import { useSignal } from "@preact/signals";
import { Button, Dialog, ErrorDialog, TextInput } from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export function ConsentDialog() {
  const open = useSignal(true);
  const smsMode = useSignal(false);
  const code = useSignal("");
  const busy = useSignal<"agree" | "refuse" | null>(null);
  const alert = useSignal<string | null>(null);

  const submit = async (agreed: boolean) => {
    if (busy.value) return;
    if (agreed && smsMode.value && !/^\d{6}$/.test(code.value)) {
      alert.value = t("consent.errors.codeFormat");
      return;
    }
    busy.value = agreed ? "agree" : "refuse";
    try {
      await call("POST /consent", {
        body: { agreed: agreed ? 1 : 0, ...(agreed && smsMode.value ? { code: code.value } : {}) },
      });
      open.value = false;
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      if (failure?.code === "sms_required") {
        smsMode.value = true;
        code.value = "";
      } else if (failure?.code === "code_invalid") {
        alert.value = t("consent.errors.codeInvalid");
      } else {
        // The code is used up or over the limit: the next "agree" asks for a new one.
        if (failure?.code === "code_exhausted") smsMode.value = false;
        alert.value = failure?.message ?? t("errors.network");
      }
    } finally {
      busy.value = null;
    }
  };

  return (
    <>
      <Dialog
        id="consent-dialog"
        open={open.value}
        closable={false}
        width={700}
        title={t("consent.title")}
        describedBy="consent-policy"
        footer={
          <>
            <Button
              variant="secondary"
              loading={busy.value === "refuse"}
              disabled={busy.value !== null}
              onClick={() => submit(false)}
              data-testid="consent-refuse"
            >
              {t("consent.refuse")}
            </Button>
            <Button
              loading={busy.value === "agree"}
              disabled={busy.value !== null}
              onClick={() => submit(true)}
              data-testid="consent-agree"
            >
              {t("consent.agree")}
            </Button>
          </>
        }
      >
        <div id="consent-policy" class="space-y-3 whitespace-pre-line text-sm">{t("consent.policy")}</div>
        {smsMode.value && (
          <form
            class="mt-4 space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              submit(true);
            }}
          >
            <p class="text-sm font-medium text-red-700" role="note" data-testid="consent-sms-note">
              {t("consent.smsNote")}
            </p>
            <TextInput
              id="consent-code"
              label={t("consent.codeLabel")}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code.value}
              onInput={(
                event,
              ) => (code.value = (event.currentTarget as HTMLInputElement).value.replace(/\D/g, ""))}
            />
          </form>
        )}
      </Dialog>
      <ErrorDialog
        id="consent-alert"
        message={alert.value}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => (alert.value = null)}
      />
    </>
  );
}

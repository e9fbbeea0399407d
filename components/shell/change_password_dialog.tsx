/** The change-password dialog (300 px, SPEC §2.5/§5): confirm stays disabled until the form is valid. */
import { useSignal } from "@preact/signals";
import { Button, Dialog, showToast, TextInput } from "../ui/mod.ts";
import { api, ApiError } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** The password policy's minimum, so the dialog and the server agree. */
  minLength: number;
}

export function ChangePasswordDialog({ open, onClose, minLength }: ChangePasswordDialogProps) {
  const oldPassword = useSignal("");
  const password1 = useSignal("");
  const password2 = useSignal("");
  const errors = useSignal<Record<string, string>>({});
  const busy = useSignal(false);
  const mismatch = password2.value !== "" && password1.value !== password2.value;
  const valid = oldPassword.value !== "" && password1.value.length >= minLength &&
    password1.value === password2.value;

  const close = () => {
    oldPassword.value = password1.value = password2.value = "";
    errors.value = {};
    onClose();
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!valid || busy.value) return;
    busy.value = true;
    try {
      await api("/auth/password", {
        body: { oldPassword: oldPassword.value, password1: password1.value, password2: password2.value },
      });
      showToast(t("password.changed"), "success");
      close();
    } catch (e) {
      errors.value = e instanceof ApiError ? { ...e.fields, _: e.message } : { _: t("errors.unexpected") };
    } finally {
      busy.value = false;
    }
  };

  const field = (
    name: "oldPassword" | "password1" | "password2",
    value: typeof oldPassword,
    autocomplete: string,
  ) => (
    <TextInput
      id={`password-${name}`}
      type="password"
      label={t(`password.${name}`)}
      required
      autocomplete={autocomplete}
      value={value.value}
      onInput={(e) => (value.value = (e.target as HTMLInputElement).value)}
      error={errors.value[name] ?? (name === "password2" && mismatch ? t("errors.passwordsDiffer") : null)}
    />
  );

  return (
    <Dialog id="change-password" open={open} onClose={close} title={t("password.title")} width={300}>
      <form onSubmit={submit} class="space-y-3" novalidate>
        {errors.value._ && !Object.keys(errors.value).some((k) => k !== "_") && (
          <p role="alert" class="text-sm text-red-700">{errors.value._}</p>
        )}
        {field("oldPassword", oldPassword, "current-password")}
        {field("password1", password1, "new-password")}
        {field("password2", password2, "new-password")}
        <p class="text-xs text-gray-500">{t("password.hint", { min: minLength })}</p>
        <div class="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" disabled={!valid} loading={busy.value}>{t("common.confirm")}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The change-password dialog (300 px, SPEC §2.5/§5): confirm stays disabled until the form is valid. */
import { useSignal } from "@preact/signals";
import { FormDialog, showToast, TextInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
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
  const mismatch = password2.value !== "" && password1.value !== password2.value;
  const valid = oldPassword.value !== "" && password1.value.length >= minLength &&
    password1.value === password2.value;

  const close = () => {
    oldPassword.value = password1.value = password2.value = "";
    onClose();
  };
  const form = useSave({
    id: "change-password",
    fields: ["oldPassword", "password1", "password2"],
    save: () =>
      call("POST /auth/password", {
        body: { oldPassword: oldPassword.value, password1: password1.value, password2: password2.value },
      }),
    onSaved: () => {
      showToast(t("password.changed"), "success");
      close();
    },
  });

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
      error={form.fieldErrors[name] ??
        (name === "password2" && mismatch ? t("errors.passwordsDiffer") : null)}
    />
  );

  return (
    <FormDialog
      id="change-password"
      open={open}
      onClose={close}
      title={t("password.title")}
      width={300}
      form={form}
      saveLabel={t("common.confirm")}
      saveDisabled={!valid}
      formClass="space-y-3"
    >
      {field("oldPassword", oldPassword, "current-password")}
      {field("password1", password1, "new-password")}
      {field("password2", password2, "new-password")}
      <p class="text-xs text-gray-500">{t("password.hint", { min: minLength })}</p>
    </FormDialog>
  );
}

/** The add-language form (language screen): code, name and flag; loaded with import() on first use. */
import { useState } from "preact/hooks";
import { FormDialog, TextInput } from "../ui/mod.ts";
import { api, ApiError } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export function AddLanguageDialog(
  { side, onClose, onAdded }: { side: string; onClose: () => void; onAdded: (code: string) => void },
) {
  const [values, setValues] = useState({ code: "", name: "", flag: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (name: keyof typeof values) => (e: Event) =>
    setValues({ ...values, [name]: (e.target as HTMLInputElement).value });
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await api("/languages", {
        method: "POST",
        body: { side, ...values, code: values.code.trim().toLowerCase() },
      });
      onAdded(values.code.trim().toLowerCase());
    } catch (e) {
      setErrors(e instanceof ApiError ? { ...e.fields, _: e.message } : { _: t("errors.unexpected") });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      id="add-language"
      open
      width={500}
      title={t("langAdmin.addLanguage")}
      saving={saving}
      saveLabel={t("langAdmin.save")}
      onClose={onClose}
      onSubmit={submit}
      formClass="space-y-3"
    >
      <TextInput
        id="language-code"
        label={t("langAdmin.code")}
        hint={t("langAdmin.codeHint")}
        required
        maxLength={3}
        value={values.code}
        onInput={set("code")}
        error={errors.code}
      />
      <TextInput
        id="language-name"
        label={t("langAdmin.name")}
        required
        maxLength={60}
        value={values.name}
        onInput={set("name")}
        error={errors.name}
      />
      <TextInput
        id="language-flag"
        label={t("langAdmin.flag")}
        maxLength={16}
        value={values.flag}
        onInput={set("flag")}
        error={errors.flag}
      />
      {errors._ && <p role="alert" class="text-sm text-danger-700">{errors._}</p>}
    </FormDialog>
  );
}

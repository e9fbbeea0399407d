/** The add-language form (language screen): code, name and flag; loaded with import() on first use. */
import { useState } from "preact/hooks";
import { FormDialog, TextInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { InputOf } from "../api.ts";
import { t } from "../../utils/i18n.ts";

export function AddLanguageDialog(
  { side, onClose, onAdded }: {
    side: InputOf<"POST /languages">["body"]["side"];
    onClose: () => void;
    onAdded: (code: string) => void;
  },
) {
  const [values, setValues] = useState({ code: "", name: "", flag: "" });
  const set = (name: keyof typeof values) => (e: Event) =>
    setValues({ ...values, [name]: (e.target as HTMLInputElement).value });
  const code = values.code.trim().toLowerCase();
  const form = useSave({
    id: "add-language",
    fields: Object.keys(values),
    save: () => call("POST /languages", { body: { side, ...values, code } }),
    onSaved: () => onAdded(code),
  });
  const errors = form.fieldErrors;
  return (
    <FormDialog
      id="add-language"
      open
      width={500}
      title={t("langAdmin.addLanguage")}
      form={form}
      saveLabel={t("langAdmin.save")}
      onClose={onClose}
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
    </FormDialog>
  );
}

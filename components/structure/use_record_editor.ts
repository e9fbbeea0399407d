/**
 * The add / edit / remove / history flow both structure islands share: which dialog is open, the API call
 * behind it, field errors under the form's fields, and any other refusal (a concurrent edit, "still in use")
 * in the error dialog. After a write the page is shown again with the server's data.
 */
import { useState } from "preact/hooks";
import { showToast } from "../ui/mod.ts";
import { api, ApiError } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { reloadPage } from "./reload.ts";

interface Versioned {
  id: number;
  versionstamp: string;
}

export interface ShownError {
  message: string;
  fields?: Record<string, string>;
}

export function useRecordEditor<R extends Versioned>(
  /** API collection path, e.g. `/schools`. */
  base: string,
  /** The fields the form shows: field errors for others go to the error dialog. */
  formFields: readonly string[],
) {
  const [editing, setEditing] = useState<R | "new" | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<R | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  const fail = (e: unknown) => {
    if (!(e instanceof ApiError)) throw e;
    const shown = Object.entries(e.fields).filter(([field]) => formFields.includes(field));
    const other = Object.fromEntries(
      Object.entries(e.fields).filter(([field]) => !formFields.includes(field)),
    );
    setFieldErrors(Object.fromEntries(shown));
    // A form with marked fields explains itself; anything else needs the dialog.
    if (shown.length === 0 || Object.keys(other).length) setError({ message: e.message, fields: other });
  };

  const done = (message: string) => {
    showToast(message, "success");
    reloadPage();
  };

  return {
    editing,
    fieldErrors,
    saving,
    removing,
    busy,
    history,
    error,
    openNew: () => {
      setFieldErrors({});
      setEditing("new");
    },
    openEdit: (record: R) => {
      setFieldErrors({});
      setEditing(record);
    },
    closeForm: () => !saving && setEditing(null),
    async save(body: Record<string, unknown>) {
      if (editing === null) return;
      setSaving(true);
      try {
        if (editing === "new") await api(base, { method: "POST", body });
        else {
          await api(`${base}/${editing.id}`, {
            method: "PUT",
            body: { ...body, versionstamp: editing.versionstamp },
          });
        }
        setEditing(null);
        done(t("structure.saved"));
      } catch (e) {
        fail(e);
      } finally {
        setSaving(false);
      }
    },
    askRemove: (record: R) => setRemoving(record),
    cancelRemove: () => !busy && setRemoving(null),
    async confirmRemove() {
      if (removing === null) return;
      setBusy(true);
      try {
        await api(`${base}/${removing.id}`, {
          method: "DELETE",
          query: { versionstamp: removing.versionstamp },
        });
        setRemoving(null);
        done(t("structure.removed"));
      } catch (e) {
        setRemoving(null);
        fail(e);
      } finally {
        setBusy(false);
      }
    },
    showHistory: (record: R | null) => setHistory(record),
    historyPath: history === null ? null : `${base}/${history.id}/log`,
    clearError: () => setError(null),
  };
}

/**
 * The add / edit / remove / history flow both structure islands share: which dialog is open, the typed API
 * calls behind it (given by the island), the form's save flow (components/ui/form_kit.tsx: field errors, the
 * conflict prompt, the error dialog) and a removal's refusal in the error dialog. After a write the page is
 * shown again with the server's data.
 */
import { useState } from "preact/hooks";
import { showToast, useSave } from "../ui/mod.ts";
import { ApiError } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import type { HistorySource } from "./history_dialog.tsx";
import { reloadPage } from "../ui/navigation.ts";

interface Versioned {
  id: number;
  versionstamp: string;
}

/** The island's operations for its kind of record (typed by the client). */
export interface RecordApi<R, B> {
  add(body: B): Promise<unknown>;
  edit(record: R, body: B): Promise<unknown>;
  remove(record: R): Promise<unknown>;
  /** The record as stored now, for a save that met someone else's edit. */
  latest(record: R): Promise<R | undefined>;
  log(record: R): HistorySource;
}

export interface ShownError {
  message: string;
  fields?: Record<string, string>;
}

export function useRecordEditor<R extends Versioned, B>(
  kind: "school" | "program",
  recordApi: RecordApi<R, B>,
) {
  const [editing, setEditing] = useState<R | "new" | null>(null);
  const [removing, setRemoving] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<R | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  const done = (message: string) => {
    showToast(message, "success");
    reloadPage();
  };

  return {
    editing,
    removing,
    busy,
    history,
    error,
    openNew: () => setEditing("new"),
    openEdit: (record: R) => setEditing(record),
    closeForm: () => setEditing(null),
    /** The open form's save flow; the form calls it once per render, as a hook. */
    useForm(body: () => B, fields: readonly string[], fieldLabels: Record<string, string>) {
      return useSave({
        id: `${kind}-form`,
        fields,
        fieldLabels,
        save: () => {
          if (editing === null) return Promise.resolve();
          return editing === "new" ? recordApi.add(body()) : recordApi.edit(editing, body());
        },
        onSaved: () => {
          setEditing(null);
          done(t("structure.saved"));
        },
        reload: editing === null || editing === "new" ? undefined : async () => {
          const latest = await recordApi.latest(editing);
          if (latest) setEditing(latest);
        },
      });
    },
    askRemove: (record: R) => setRemoving(record),
    cancelRemove: () => !busy && setRemoving(null),
    async confirmRemove() {
      if (removing === null) return;
      setBusy(true);
      try {
        await recordApi.remove(removing);
        setRemoving(null);
        done(t("structure.removed"));
      } catch (e) {
        setRemoving(null);
        setError({
          message: e instanceof ApiError ? e.message : t("errors.unexpected"),
          fields: e instanceof ApiError ? e.fields : {},
        });
      } finally {
        setBusy(false);
      }
    },
    showHistory: (record: R | null) => setHistory(record),
    historySource: history === null ? null : recordApi.log(history),
    clearError: () => setError(null),
  };
}

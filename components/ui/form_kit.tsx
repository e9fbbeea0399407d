/**
 * The one save flow of every form (ARCHITECTURE §9): pending state, the server's 422 field errors next to
 * their fields (the record's rules are the API's zod schema, e.g. utils/book_schema.ts), the 409 prompt of
 * an edit conflict (reload the record and apply the person's changes again), and every other refusal in the
 * shared error dialog. `FormDialog` wires it to a dialog; a form on a page uses `submit` and `dialogs` itself.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { ConfirmDialog } from "./confirm_dialog.tsx";
import { ErrorDialog } from "./error_dialog.tsx";

export type FieldErrors = Readonly<Record<string, string>>;

export interface SaveOptions<R> {
  /** Prefix of the kit's dialogs' ids: `${id}-error`, `${id}-conflict`. */
  id: string;
  /** Sends the form; a refusal arrives as an `ApiError`. */
  save: () => Promise<R>;
  onSaved?: (result: R) => void;
  /** Fields the form shows: errors naming them stay next to them, others go to the error dialog. */
  fields?: readonly string[];
  /** Human names of the fields, for errors shown in the dialog. */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * Editing a stored record: fetches its latest version (versionstamp) and keeps what the person typed. With it,
   * a 409 conflict asks whether to reload and save the person's changes again; without it, it is an error.
   */
  reload?: () => Promise<void>;
}

export interface SaveFlow {
  saving: boolean;
  fieldErrors: FieldErrors;
  /** The form's submit handler (Enter or the save button). */
  submit: (event?: Event) => void;
  /** Shows any failure (of a load, say) as the flow shows a refused save. */
  fail: (error: unknown) => void;
  /** The error dialog and the conflict prompt, rendered once beside the form. */
  dialogs: ComponentChildren;
}

interface Failure {
  message: string;
  fields: Record<string, string>;
}

export function useSave<R>(options: SaveOptions<R>): SaveFlow {
  const latest = useRef(options);
  latest.current = options;
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  // After a reload the next render holds the new versionstamp: the save is sent again from there.
  const [resend, setResend] = useState(0);
  const form = useRef<HTMLFormElement | null>(null);

  const showFieldErrors = (fields: FieldErrors) => {
    setFieldErrors(fields);
    // The first marked field takes the focus once it is rendered as invalid.
    setTimeout(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  };

  const fail = (error: unknown) => {
    if ((error as Error)?.name === "AbortError") return;
    if (!(error instanceof ApiError)) {
      // A bug of ours, not a refusal: the person is told, the console keeps the details.
      console.error(error);
      return setFailure({ message: t("errors.unexpected"), fields: {} });
    }
    const known = latest.current.fields;
    const entries = Object.entries(error.fields);
    const mine = entries.filter(([field]) => !known || known.includes(field));
    const others = entries.filter(([field]) => known && !known.includes(field));
    if (mine.length) showFieldErrors(Object.fromEntries(mine));
    // A form with marked fields explains itself; anything else needs the dialog.
    if (mine.length === 0 || others.length) {
      setFailure({ message: error.message, fields: Object.fromEntries(others) });
    }
  };

  const send = async (asked: boolean) => {
    const { save, onSaved, reload } = latest.current;
    setSaving(true);
    try {
      setFieldErrors({});
      const result = await save();
      onSaved?.(result);
    } catch (error) {
      if (
        error instanceof ApiError && error.status === 409 && error.code === "conflict" && reload && !asked
      ) {
        setConflict(error.message);
      } else fail(error);
    } finally {
      setSaving(false);
    }
  };

  useEffect(() => {
    if (resend) send(true);
  }, [resend]);

  const submit = (event?: Event) => {
    event?.preventDefault();
    if (event?.target instanceof HTMLFormElement) form.current = event.target;
    if (!saving) send(false);
  };

  const reapply = async () => {
    setReloading(true);
    try {
      await latest.current.reload?.();
      setResend((n) => n + 1);
    } catch (error) {
      fail(error);
    } finally {
      setReloading(false);
      setConflict(null);
    }
  };

  const { id, fieldLabels } = options;
  return {
    saving: saving || reloading,
    fieldErrors,
    submit,
    fail,
    dialogs: (
      <>
        <ConfirmDialog
          id={`${id}-conflict`}
          open={conflict !== null}
          title={t("form.conflictTitle")}
          message={conflict ?? ""}
          yesLabel={t("form.reapply")}
          noLabel={t("common.cancel")}
          busy={reloading}
          onYes={reapply}
          onNo={() => setConflict(null)}
        />
        <ErrorDialog
          id={`${id}-error`}
          message={failure?.message ?? null}
          fieldErrors={failure?.fields}
          fieldLabels={fieldLabels}
          title={t("common.errorTitle")}
          okLabel={t("common.ok")}
          onClose={() => setFailure(null)}
        />
      </>
    ),
  };
}

import type { ComponentChildren } from "preact";
import { Button } from "./button.tsx";
import { Dialog, type DialogWidth } from "./dialog.tsx";

export interface ErrorDialogProps {
  id: string;
  /** The server's (already translated) message; the dialog is open while this is not null. */
  message: string | null;
  /** Per-field messages as the API returns them (`error.fields`: field name → message). */
  fieldErrors?: Readonly<Record<string, string>>;
  /** Human names of the fields, to prefix each field message; unknown fields show the message alone. */
  fieldLabels?: Readonly<Record<string, string>>;
  title: ComponentChildren;
  okLabel: string;
  closeLabel?: string;
  onClose: () => void;
  width?: DialogWidth;
}

/** The shared error dialog for failed operations (SPEC §8): shows the server's message, never a generic one. */
export function ErrorDialog(
  { id, message, fieldErrors, fieldLabels, title, okLabel, closeLabel, onClose, width = 500 }:
    ErrorDialogProps,
) {
  const messageId = `${id}-message`;
  const fields = Object.entries(fieldErrors ?? {});
  return (
    <Dialog
      id={id}
      open={message !== null}
      title={title}
      width={width}
      role="alertdialog"
      describedBy={messageId}
      closeLabel={closeLabel}
      onClose={onClose}
      footer={<Button onClick={onClose} autofocus>{okLabel}</Button>}
    >
      <div id={messageId} class="flex flex-col gap-2 text-sm">
        <p class="text-danger-700">{message}</p>
        {fields.length > 0 && (
          <ul class="list-disc space-y-1 ps-5 text-gray-700">
            {fields.map(([field, text]) => (
              <li key={field}>
                {fieldLabels?.[field] ? <span class="font-medium">{fieldLabels[field]}:</span> : null} {text}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

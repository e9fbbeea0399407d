import type { ComponentChildren } from "preact";
import { Button } from "./button.tsx";
import { Dialog, type DialogWidth } from "./dialog.tsx";

export interface ConfirmDialogProps {
  id: string;
  open: boolean;
  title: ComponentChildren;
  message: ComponentChildren;
  yesLabel: string;
  noLabel: string;
  onYes: () => void;
  /** Also called on Escape, the close button and a backdrop click: all of them mean "no". */
  onNo: () => void;
  /** While the action runs: spinner on "yes", nothing else can be pressed and the dialog cannot be dismissed. */
  busy?: boolean;
  /** Red "yes" button for destructive actions (delete). */
  danger?: boolean;
  width?: DialogWidth;
  closeLabel?: string;
}

/** Asks before an action; focus starts on "no" so a stray Enter never confirms a deletion. */
export function ConfirmDialog(
  {
    id,
    open,
    title,
    message,
    yesLabel,
    noLabel,
    onYes,
    onNo,
    busy = false,
    danger = false,
    width = 500,
    closeLabel,
  }: ConfirmDialogProps,
) {
  const messageId = `${id}-message`;
  return (
    <Dialog
      id={id}
      open={open}
      title={title}
      width={width}
      role="alertdialog"
      describedBy={messageId}
      closable={!busy}
      closeLabel={closeLabel}
      onClose={onNo}
      footer={
        <>
          <Button variant="secondary" onClick={onNo} disabled={busy} autofocus>{noLabel}</Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onYes} loading={busy}>{yesLabel}</Button>
        </>
      }
    >
      <p id={messageId} class="text-sm text-gray-700">{message}</p>
    </Dialog>
  );
}

import { t } from "../../utils/i18n.ts";
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { cx } from "./class_names.ts";

/** SPEC §9 dialog widths in px: password 300, professor statement 500, professors 600, syllabus 700 … */
export type DialogWidth = 300 | 500 | 600 | 700 | 800 | 900;

// Literal class strings (not built from the number) so Tailwind's scanner finds them.
export const DIALOG_WIDTH_CLASSES: Record<DialogWidth, string> = {
  300: "w-[300px] max-w-[95vw]",
  500: "w-[500px] max-w-[95vw]",
  600: "w-[600px] max-w-[95vw]",
  700: "w-[700px] max-w-[95vw]",
  800: "w-[800px] max-w-[95vw]",
  900: "w-[900px] max-w-[95vw]",
};

export interface DialogProps {
  /** Needed for the title's id (aria-labelledby); stable between server and island. */
  id: string;
  open: boolean;
  /** Asked to close (Escape, close button, backdrop); the parent then sets `open` to false. */
  onClose?: () => void;
  title: ComponentChildren;
  width?: DialogWidth;
  /** False for blocking dialogs (consent): no close button, Escape and backdrop clicks do nothing. */
  closable?: boolean;
  /** Accessible name of the close button, e.g. "Close" in the user's language. */
  closeLabel?: string;
  /** "alertdialog" for confirmations and errors, which interrupt the user. */
  role?: "dialog" | "alertdialog";
  /** Id of the element holding the main message, read out when the dialog opens. */
  describedBy?: string;
  footer?: ComponentChildren;
  children?: ComponentChildren;
}

/**
 * The one modal of the app, on the native <dialog> with showModal(): the browser traps focus, makes the page
 * inert, restores focus on close and turns Escape into a `cancel` event that we can veto.
 */
export function Dialog(props: DialogProps) {
  const {
    id,
    open,
    title,
    width = 600,
    closable = true,
    closeLabel = t("common.close"),
    role,
    footer,
    children,
  } = props;
  const ref = useRef<HTMLDialogElement>(null);
  // Handlers read the latest props without re-subscribing.
  const latest = useRef(props);
  latest.current = props;

  // What had the focus when the dialog opened gets it back when it closes, also when the dialog is removed
  // while open (a form rendered only while editing), which the browser's own restoring does not cover.
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = () => {
    const to = opener.current;
    opener.current = null;
    setTimeout(() => {
      const now = document.activeElement;
      if (to?.isConnected && (!now || now === document.body || !now.isConnected)) to.focus();
    });
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus();
    }
  }, [open]);
  useEffect(() => () => void (opener.current && returnFocus()), []);

  const requestClose = () => {
    if (latest.current.closable !== false) latest.current.onClose?.();
  };

  const onCancel = (event: Event) => {
    // Always veto: the parent owns `open`, so closing happens through onClose and the effect above.
    event.preventDefault();
    requestClose();
  };

  const onClosed = () => {
    // Chrome may close a dialog on a repeated Escape even though `cancel` was vetoed; a blocking dialog reopens.
    const dialog = ref.current;
    if (!dialog || !latest.current.open) return;
    if (latest.current.closable === false) dialog.showModal();
    else latest.current.onClose?.();
  };

  // The inner panel fills the dialog box, so an event whose target is the <dialog> itself hit the backdrop.
  // Both press and release must be there: a text selection dragged out of the panel is not a backdrop click.
  const pressedOnBackdrop = useRef(false);
  const onPointerDown = (event: PointerEvent) => {
    pressedOnBackdrop.current = event.target === ref.current;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (event.target === ref.current && pressedOnBackdrop.current) requestClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Preventing the keydown cancels the browser's close request before it becomes an uncancelable close.
    if (event.key === "Escape" && latest.current.closable === false) event.preventDefault();
  };

  // A dialog nobody has opened yet is drawn empty: a page carries no fields of the dialogs it may never show
  // (the server renders them for nothing, and they went out with every page). Once opened, it stays drawn.
  const drawn = useRef(open);
  if (open) drawn.current = true;
  const box = {
    ref,
    id,
    // m-auto as a utility: a parent's space-y-* (utilities layer) would otherwise beat the base centring.
    class: cx(
      "m-auto max-h-[90vh] rounded-lg bg-white p-0 text-gray-900 shadow-xl",
      DIALOG_WIDTH_CLASSES[width],
    ),
    onCancel,
    onClose: onClosed,
    onPointerDown,
    onClick: onBackdropClick,
    onKeyDown,
  };
  if (!drawn.current) return <dialog {...box} />;

  const titleId = `${id}-title`;
  return (
    <dialog
      {...box}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={props.describedBy}
    >
      <div class="flex max-h-[90vh] flex-col">
        <header class="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-3">
          <h2 id={titleId} class="text-base font-semibold">{title}</h2>
          {closable && (
            <button
              type="button"
              class="inline-flex size-8 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-900"
              aria-label={closeLabel}
              onClick={requestClose}
            >
              <svg
                class="size-5"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                stroke-width="1.8"
                aria-hidden="true"
              >
                <path d="M5 5l10 10M15 5 5 15" />
              </svg>
            </button>
          )}
        </header>
        <div class="min-h-0 grow overflow-auto px-5 py-4">{children}</div>
        {footer && (
          <footer class="flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 px-5 py-3">
            {footer}
          </footer>
        )}
      </div>
    </dialog>
  );
}

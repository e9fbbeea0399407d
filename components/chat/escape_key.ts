/**
 * Escape dismisses a chat panel (a window or the room list) and gives the focus back to the chat launcher, as
 * a dialog would. A key meant for something inside the panel that handles Escape itself (the image viewer, a
 * native dialog) is left to it.
 */
export function dismissOnEscape(dismiss: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== "Escape" || e.defaultPrevented || (e.target as Element | null)?.closest?.("dialog")) return;
    e.preventDefault();
    dismiss();
    document.querySelector<HTMLElement>("[data-testid=chat-launcher]")?.focus();
  };
}

/**
 * The shell's toaster, light enough for every page: the two live regions are in the page from the start (screen
 * readers announce changes only to regions they already know), and the toasts' code (toast.tsx: the store and
 * the messages) loads with the first toast shown, or at once when one is waiting from before a reload. A page
 * rarely shows a toast, and this bar ships with every page.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

export type ToastKind = "info" | "success" | "warning" | "error";

/** sessionStorage key of the message kept for the page a reload brings. */
export const TOAST_AFTER_RELOAD_KEY = "toast.afterReload";
const TOAST_SHOWN_EVENT = "app:toast";
let anyShown = false;

/** Called by the toast store (whoever loaded it) for every toast it shows. */
export function announceToastShown(): void {
  anyShown = true;
  dispatchEvent(new Event(TOAST_SHOWN_EVENT));
}

/**
 * A message for the page a full reload brings (the action's result must not vanish with the page that did it):
 * the toaster shows it once it is mounted again. Without storage it is shown now, before the reload.
 */
export function showToastAfterReload(text: string, kind: ToastKind = "success"): void {
  try {
    sessionStorage.setItem(TOAST_AFTER_RELOAD_KEY, JSON.stringify({ text, kind }));
  } catch {
    showToastSoon(text, kind);
  }
}

/** `showToast` for code on every page: it loads the toasts' code first. */
export function showToastSoon(text: string, kind?: ToastKind): void {
  void import("./toast.tsx").then((toasts) => toasts.showToast(text, kind));
}

type Toasts = typeof import("./toast.tsx");

/** The regions, with the toasts of each inside once the toasts' code is there. */
export function ToastRegions(
  { polite, assertive }: { polite?: ComponentChildren; assertive?: ComponentChildren },
) {
  return (
    <div class="toasts">
      <div role="status" aria-live="polite" class="flex flex-col gap-2">{polite}</div>
      <div role="alert" aria-live="assertive" class="flex flex-col gap-2">{assertive}</div>
    </div>
  );
}

/** The regions now; their toasts once the first toast (or one kept across a reload) brings their code. */
export function LazyToaster({ dismissLabel }: { dismissLabel: string }) {
  const [toasts, setToasts] = useState<Toasts | null>(null);
  useEffect(() => {
    let unmounted = false;
    const load = () => {
      removeEventListener(TOAST_SHOWN_EVENT, load);
      void import("./toast.tsx").then((loaded) => {
        if (unmounted) return;
        loaded.showToastFromBeforeReload();
        setToasts(() => loaded);
      });
    };
    let waiting = false;
    try {
      waiting = sessionStorage.getItem(TOAST_AFTER_RELOAD_KEY) !== null;
    } catch { /* storage disabled: nothing can be waiting */ }
    // A toast shown before this bar hydrated (by another island) is in the store already.
    if (waiting || anyShown) load();
    else addEventListener(TOAST_SHOWN_EVENT, load);
    return () => {
      unmounted = true;
      removeEventListener(TOAST_SHOWN_EVENT, load);
    };
  }, []);
  return toasts
    ? (
      <ToastRegions
        polite={<toasts.RegionToasts errors={false} dismissLabel={dismissLabel} />}
        assertive={<toasts.RegionToasts errors dismissLabel={dismissLabel} />}
      />
    )
    : <ToastRegions />;
}

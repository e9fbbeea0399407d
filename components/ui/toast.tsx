import { useEffect, useState } from "preact/hooks";
import { cx } from "./class_names.ts";
import { announceToastShown, TOAST_AFTER_RELOAD_KEY, type ToastKind, ToastRegions } from "./toaster.tsx";

export type { ToastKind };
export { showToastAfterReload } from "./toaster.tsx";

export interface ToastMessage {
  id: number;
  text: string;
  kind: ToastKind;
}

/**
 * A tiny observable list rather than a signal: the Toaster is in the shell of every page, and signals would add
 * their runtime to pages that use none.
 */
export interface ToastStore {
  /** The toasts now. */
  current(): readonly ToastMessage[];
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Shows a message; `durationMs` 0 keeps it until dismissed. Returns its id. */
  show: (text: string, kind?: ToastKind, durationMs?: number) => number;
  dismiss: (id: number) => void;
}

// Errors stay longer: they are the ones a user must read and may need to copy.
const DEFAULT_DURATION_MS: Record<ToastKind, number> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  error: 8000,
};

export function createToastStore(): ToastStore {
  let toasts: readonly ToastMessage[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly ToastMessage[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  let nextId = 1;
  const dismiss = (id: number) => set(toasts.filter((t) => t.id !== id));
  const show = (text: string, kind: ToastKind = "info", durationMs = DEFAULT_DURATION_MS[kind]) => {
    const id = nextId++;
    set([...toasts, { id, text, kind }]);
    // The shell's toaster loads this module's messages on the first toast (toaster.tsx).
    announceToastShown();
    if (durationMs > 0) setTimeout(() => dismiss(id), durationMs);
    return id;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { current: () => toasts, subscribe, show, dismiss };
}

/**
 * The page's toast store. Browser-only: module state on the server would be shared by every request,
 * so call `showToast` from event handlers and effects, never while rendering.
 */
export const toastStore: ToastStore = createToastStore();
export const showToast = toastStore.show;
export const dismissToast = toastStore.dismiss;

function takeToastAfterReload(): { text: string; kind: ToastKind } | null {
  try {
    const stored = sessionStorage.getItem(TOAST_AFTER_RELOAD_KEY);
    sessionStorage.removeItem(TOAST_AFTER_RELOAD_KEY);
    return stored ? JSON.parse(stored) : null;
  } catch {
    return null;
  }
}

const KIND_CLASSES: Record<ToastKind, string> = {
  info: "border-primary-200 bg-primary-50 text-primary-900",
  success: "border-green-200 bg-green-50 text-green-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-danger-50 text-danger-800",
};

export interface ToasterProps {
  /** Accessible name of each toast's dismiss button, e.g. "Close". */
  dismissLabel: string;
  store?: ToastStore;
}

function ToastList(
  { items, store, dismissLabel }: { items: readonly ToastMessage[]; store: ToastStore; dismissLabel: string },
) {
  return (
    <>
      {items.map((toast) => (
        <div
          key={toast.id}
          class={cx(
            "pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-md",
            KIND_CLASSES[toast.kind],
          )}
        >
          <p class="grow">{toast.text}</p>
          <button
            type="button"
            class="-me-1 inline-flex size-6 shrink-0 items-center justify-center rounded opacity-70 hover:opacity-100"
            aria-label={dismissLabel}
            onClick={() => store.dismiss(toast.id)}
          >
            <svg
              class="size-4"
              viewBox="0 0 20 20"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
              aria-hidden="true"
            >
              <path d="M5 5l10 10M15 5 5 15" />
            </svg>
          </button>
        </div>
      ))}
    </>
  );
}

/** Shows the message kept by `showToastAfterReload` before the reload that brought this page, once. */
export function showToastFromBeforeReload(store: ToastStore = toastStore): void {
  const pending = takeToastAfterReload();
  if (pending) store.show(pending.text, pending.kind);
}

/** The toasts of one region, following the store: errors go to the assertive one, the rest to the polite. */
export function RegionToasts(
  { errors, dismissLabel, store = toastStore }: { errors: boolean; dismissLabel: string; store?: ToastStore },
) {
  const [all, setAll] = useState(store.current());
  useEffect(() => store.subscribe(() => setAll(store.current())), [store]);
  return (
    <ToastList
      items={all.filter((t) => (t.kind === "error") === errors)}
      store={store}
      dismissLabel={dismissLabel}
    />
  );
}

/**
 * Renders the toasts, with their code loaded from the start (the shell uses toaster.tsx's LazyToaster). Both
 * live regions are always in the page, empty at first.
 */
export function Toaster({ dismissLabel, store = toastStore }: ToasterProps) {
  useEffect(() => showToastFromBeforeReload(store), [store]);
  return (
    <ToastRegions
      polite={<RegionToasts errors={false} dismissLabel={dismissLabel} store={store} />}
      assertive={<RegionToasts errors dismissLabel={dismissLabel} store={store} />}
    />
  );
}

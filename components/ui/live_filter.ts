/**
 * A list's filter form, rendered on the server as a plain GET form (the filter lives in the URL and works
 * without JavaScript), made live in the browser: the list follows the text as it is typed (debounced; a burst of
 * typing is one history entry, so Back returns to the previous filter, not to every keystroke), a changed choice
 * at once or after the pause the page asks for, and the form's own submit. Each change shows the list through
 * client navigation, which carries the focus and what is typed meanwhile onto the new form
 * (framework/client/carry_controls.ts). It also opens and closes the form's FilterPanel, and closes it on a phone.
 *
 * The listeners are on the document, installed once per form, so they keep working while the navigations they
 * cause replace the form. Shared by the courses and students screens' behaviour islands.
 */
import { goTo } from "./navigation.ts";
import { onPhone } from "./phone.ts";
import { formQuery, withQuery } from "../../utils/form_query.ts";

type Choice = HTMLInputElement | HTMLSelectElement;

export interface LiveFilterOptions {
  formId: string;
  /** The FilterPanel around the form. */
  panelId: string;
  /** The pause after the last key before the list follows. */
  typingMs: number;
  /** The pause after a changed choice before the list follows (default: none), e.g. while boxes are ticked. */
  choiceMs?: (control: Choice) => number;
  /** Called when a choice changes, before the list follows: to clear another choice it made meaningless. */
  onChoice?: (control: Choice, form: HTMLFormElement) => void;
}

const TYPED = new Set(["search", "text", "number"]);
const installed = new Set<string>();

/** The form's filter as a URL: empty fields left out, so page 1 again. */
function formHref(form: HTMLFormElement): string {
  const fields = [...new FormData(form)].map(([name, value]) =>
    [name, typeof value === "string" ? value.trim() : ""] as const
  );
  return withQuery(form.getAttribute("action") ?? "", formQuery(fields));
}

const typed = (target: EventTarget | null): target is HTMLInputElement =>
  target instanceof HTMLInputElement && TYPED.has(target.type);

export function liveFilter(options: LiveFilterOptions): void {
  const { formId, panelId } = options;
  if (installed.has(formId)) return;
  installed.add(formId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The history entry the last typing burst created; further typing replaces it. */
  let typingEntry: string | null = null;
  const theForm = () => document.getElementById(formId) as HTMLFormElement | null;
  const inForm = (target: EventTarget | null) =>
    target instanceof Element && target.closest(`#${formId}`) !== null;

  const apply = (kind: "text" | "choice") => {
    const form = theForm();
    if (!form) return;
    const href = formHref(form);
    if (href === location.pathname + location.search) return;
    goTo(href, kind === "text" && typingEntry === location.href);
    typingEntry = kind === "text" ? location.href : null;
  };
  const schedule = (kind: "text" | "choice", delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => apply(kind), delay);
  };

  document.addEventListener("input", (event) => {
    if (typed(event.target) && inForm(event.target)) schedule("text", options.typingMs);
  });
  document.addEventListener("change", (event) => {
    const control = event.target;
    const choice = control instanceof HTMLSelectElement ||
      control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
    if (!choice || !inForm(control)) return;
    options.onChoice?.(control, theForm()!);
    schedule("choice", options.choiceMs?.(control) ?? 0);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.id !== formId) return;
    // Our own URL (without empty fields) instead of the browser's; the framework then swaps the page.
    event.preventDefault();
    clearTimeout(timer);
    typingEntry = null;
    goTo(formHref(form));
  });
  document.addEventListener("click", (event) => {
    const toggle = (event.target as Element | null)?.closest?.(`#${panelId}-toggle`);
    if (toggle) setPanelOpen(panelId, document.getElementById(`${panelId}-body`)?.hidden !== false);
  });
  const closeOnPhone = () => {
    if (onPhone()) setPanelOpen(panelId, false);
    else document.getElementById(`${panelId}-body`)?.removeAttribute("data-phone-closed");
  };
  addEventListener("app:navigated", closeOnPhone);
  closeOnPhone();

  // Letters typed before this ran (a slow device, a page still loading) were heard by nobody.
  const url = new URLSearchParams(location.search);
  const unheard = [...theForm()?.elements ?? []].some((control) =>
    typed(control) && control.name && control.value !== (url.get(control.name) ?? "")
  );
  if (unheard) schedule("text", options.typingMs);
}

function setPanelOpen(panelId: string, open: boolean) {
  const toggle = document.getElementById(`${panelId}-toggle`);
  const body = document.getElementById(`${panelId}-body`);
  if (!toggle || !body) return;
  body.hidden = !open;
  body.removeAttribute("data-phone-closed"); // the script decides from here on (components/ui/filter_panel.tsx)
  toggle.setAttribute("aria-expanded", String(open));
  toggle.querySelector("svg")?.classList.toggle("rotate-90", open);
}

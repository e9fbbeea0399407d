/**
 * Makes the courses screen's server-rendered filter (components/books/filter_form.tsx) live: the list follows
 * the text as it is typed (debounced, one history entry per burst of typing), a changed choice at once, and
 * ticked languages after a short pause; each change shows the list through client navigation (the framework
 * carries the focus, and what is typed meanwhile, onto the new form: framework/client/carry_controls.ts). It also collapses and expands the panel. It renders nothing: it listens
 * on the document, so it keeps working while navigations replace the form.
 */
import { useEffect } from "preact/hooks";
import { goTo } from "../../components/ui/navigation.ts";
import { onPhone } from "../../components/ui/phone.ts";

const FORM_ID = "books-filter";
const PANEL_ID = "books-filter-panel";
const DEBOUNCE_MS = 300;
const LANGUAGES_MS = 600;

let timer: ReturnType<typeof setTimeout> | undefined;
/** The history entry the last typing burst created; further typing replaces it. */
let typingEntry: string | null = null;
let listening = false;

function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
  }
  const query = params.toString();
  return `${form.getAttribute("action")}${query ? `?${query}` : ""}`;
}

function apply(kind: "text" | "choice") {
  const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
  if (!form) return;
  const href = formHref(form);
  if (href === location.pathname + location.search) return;
  goTo(href, kind === "text" && typingEntry === location.href);
  typingEntry = kind === "text" ? location.href : null;
}

function schedule(kind: "text" | "choice", delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => apply(kind), delay);
}

const inForm = (target: EventTarget | null): HTMLElement | null =>
  target instanceof HTMLElement && target.closest(`#${FORM_ID}`) ? target : null;

function listen() {
  document.addEventListener("input", (event) => {
    const control = inForm(event.target);
    if (control instanceof HTMLInputElement && (control.type === "search" || control.type === "number")) {
      schedule("text", DEBOUNCE_MS);
    }
  });
  document.addEventListener("change", (event) => {
    const control = inForm(event.target);
    if (control instanceof HTMLSelectElement) schedule("choice", 0);
    // Several languages are often ticked in a row: wait a moment before reloading.
    else if (control instanceof HTMLInputElement && control.type === "checkbox") {
      schedule("choice", LANGUAGES_MS);
    }
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.id !== FORM_ID) return;
    // Our own URL (without empty fields) instead of the browser's; the framework then swaps the page.
    event.preventDefault();
    clearTimeout(timer);
    typingEntry = null;
    goTo(formHref(form));
  });
  document.addEventListener("click", (event) => {
    const toggle = (event.target as Element | null)?.closest?.(`#${PANEL_ID}-toggle`);
    if (toggle) setPanelOpen(document.getElementById(`${PANEL_ID}-body`)?.hidden !== false);
  });
  addEventListener("app:navigated", closeOnPhone);
  closeOnPhone();
}

function setPanelOpen(open: boolean) {
  const toggle = document.getElementById(`${PANEL_ID}-toggle`);
  const body = document.getElementById(`${PANEL_ID}-body`);
  if (!toggle || !body) return;
  body.hidden = !open;
  body.removeAttribute("data-phone-closed"); // the script decides from here on (components/ui/filter_panel.tsx)
  toggle.setAttribute("aria-expanded", String(open));
  toggle.querySelector("svg")?.classList.toggle("rotate-90", open);
}

/** The server renders the panel open (it works without script); on a phone the list fills the first screen. */
function closeOnPhone() {
  if (onPhone()) setPanelOpen(false);
  else document.getElementById(`${PANEL_ID}-body`)?.removeAttribute("data-phone-closed");
}

export function BooksFilterBehavior() {
  useEffect(() => {
    if (!listening) {
      listening = true;
      listen();
    }
  }, []);
  return null;
}

/**
 * Client navigation. Links and GET forms inside the page region are followed by fetching the next page and
 * swapping only the element marked `data-page-region`; islands outside it (the shell: top bar, menu, chat)
 * keep running with their state. Anything unusual falls back to a full page load.
 *
 * It listens on the window, where clicks and submits arrive last: an island that answers a form or a link
 * itself (a delegated listener on the document, added whenever it mounts) always decides first and prevents
 * the default. Listening on the document put the framework first for islands mounted after it, and their
 * forms were sent twice — to their API and, as a GET, to the page.
 */
import type { IslandPayload } from "../render.ts";
import { changesSince, snapshotControls } from "./carry_controls.ts";

export interface NavigationDeps {
  hydrateIslands(root: Node, payload: IslandPayload): Promise<void>;
  unmountIslandsIn(region: Element): void;
  readPayload(doc: Document): IslandPayload | null;
}

const REGION = "[data-page-region]";
let controller: AbortController | null = null;

export function installNavigation(deps: NavigationDeps) {
  addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!link || event.defaultPrevented || !shouldFollow(link, event as MouseEvent)) return;
    event.preventDefault();
    navigate(deps, new URL(link.href), true);
  });
  addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || form.method.toLowerCase() !== "get" || form.hasAttribute("data-native")) {
      return;
    }
    if (!form.closest(REGION)) return;
    const url = new URL(form.action || location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(form, submitter);
    url.search = new URLSearchParams(data as unknown as Record<string, string>).toString();
    navigate(deps, url, true);
  });
  addEventListener("popstate", () => navigate(deps, new URL(location.href), false));
  history.scrollRestoration = "manual";
}

function shouldFollow(link: HTMLAnchorElement, event: MouseEvent) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== "_self") return false;
  if (link.hasAttribute("download") || link.hasAttribute("data-native")) return false;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return false;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/static/")) return false;
  // A jump within the same page is the browser's job.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return false;
  return true;
}

/** Navigates to `url`, swapping the page region; exported for islands that navigate in code. */
export async function navigate(deps: NavigationDeps, url: URL, push: boolean) {
  controller?.abort();
  controller = new AbortController();
  const current = document.querySelector(REGION);
  if (!current) return fullLoad(url);
  document.documentElement.dataset.navigating = "true";
  const focusedBefore = document.activeElement;
  const controlsBefore = snapshotControls(current);
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { accept: "text/html" } });
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok && response.status !== 404 || !type.includes("text/html")) return fullLoad(url);
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = doc.querySelector(REGION);
    if (
      !next || !sameShell(doc) ||
      next.getAttribute("data-page-region") !== current.getAttribute("data-page-region")
    ) {
      return fullLoad(new URL(response.url));
    }
    const finalUrl = new URL(response.url);
    finalUrl.hash = url.hash;
    // Read before the islands unmount: their controls leave the page with them.
    const carryOnto = changesSince(controlsBefore);
    deps.unmountIslandsIn(current);
    const imported = document.importNode(next, true);
    current.replaceWith(imported);
    const keptFocus = carryOnto(imported);
    // Otherwise the new page takes the focus (keyboard and screen reader users start there), unless the person
    // moved it elsewhere while the page loaded — into the chat, say: typing there must not land in the page.
    const focused = document.activeElement;
    if (!keptFocus && (!focused || focused === document.body || focused === focusedBefore)) {
      (imported as HTMLElement).focus?.({ preventScroll: true });
    }
    document.title = doc.title;
    if (push) history.pushState(null, "", finalUrl);
    else if (finalUrl.href !== location.href) history.replaceState(null, "", finalUrl);
    const payload = deps.readPayload(doc);
    if (payload) await deps.hydrateIslands(imported, payload);
    if (finalUrl.hash) document.getElementById(decodeURIComponent(finalUrl.hash.slice(1)))?.scrollIntoView();
    else scrollTo(0, 0);
    dispatchEvent(new CustomEvent("app:navigated", { detail: { url: finalUrl.href } }));
  } catch (e) {
    if ((e as Error).name !== "AbortError") fullLoad(url);
  } finally {
    delete document.documentElement.dataset.navigating;
  }
}

/** A new deploy (other CSS or boot runtime) cannot be mixed with the running page. */
function sameShell(doc: Document) {
  const css = (d: Document) =>
    [...d.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href"));
  const boot = (d: Document) => d.querySelector('script[type="module"][src]')?.getAttribute("src");
  const nextBoot = boot(doc);
  return css(doc).join("|") === css(document).join("|") && (!nextBoot || nextBoot === boot(document));
}

function fullLoad(url: URL) {
  location.assign(url.href);
}

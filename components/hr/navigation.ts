/**
 * After a write, show fresh data the way client navigation does: only the page region is fetched and swapped,
 * so the shell (and a toast just shown in it) stays. Client navigation answers `popstate` by loading
 * `location.href`; a page that never hydrated simply loads the address.
 */
const hydrated = () => document.documentElement.dataset.hydrated === "true";

/** The same page again, with fresh data; no history entry. */
export function reloadPage(): void {
  if (hydrated()) dispatchEvent(new PopStateEvent("popstate"));
  else location.reload();
}

/** Another page of the app, as a new history entry (e.g. the profile of a person just added). */
export function openPage(href: string): void {
  if (!hydrated()) return location.assign(href);
  history.pushState(null, "", href);
  dispatchEvent(new PopStateEvent("popstate"));
}

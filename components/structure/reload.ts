/**
 * Shows the page again with fresh data after a write, the way client navigation does: only the page region is
 * fetched and swapped, so the shell (and a toast just shown in it) stays, and no history entry is added.
 * Client navigation answers `popstate` by loading `location.href` without pushing; without it (never hydrated)
 * the browser reloads the page.
 */
export function reloadPage(): void {
  if (document.documentElement.dataset.hydrated === "true") dispatchEvent(new PopStateEvent("popstate"));
  else location.reload();
}

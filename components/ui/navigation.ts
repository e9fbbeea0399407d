/**
 * Client navigation from island code: the framework follows links, GET forms and `popstate` by fetching the
 * next page and swapping only the page region (the shell and a toast just shown in it stay). Without it (a
 * page never hydrated) the browser loads the page.
 */
const hydrated = () => document.documentElement.dataset.hydrated === "true";

/** Shows `href`: a new history entry, or (`replace`) in place of the current one. */
export function goTo(href: string, replace = false): void {
  if (!hydrated()) {
    if (replace) location.replace(href);
    else location.assign(href);
    return;
  }
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  // The framework answers popstate by loading location.href without adding an entry.
  dispatchEvent(new PopStateEvent("popstate"));
}

/** Shows the current page again with fresh data, without a new history entry. */
export function reloadPage(): void {
  goTo(location.href, true);
}

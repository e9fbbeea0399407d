/**
 * A query string written as `URLSearchParams` writes it (application/x-www-form-urlencoded: a space is `+`, only
 * `*-._` and ASCII letters and digits stay as they are), at about a tenth of its cost in Deno: a list page draws a
 * dozen or more links (tabs, pager, page sizes) on every request, and building each through `URLSearchParams` was a
 * visible share of /hr's time.
 */

/** `name=value&…` in the order given; pairs whose value is undefined or "" are left out. No leading `?`. */
export function formQuery(pairs: Iterable<readonly [string, string | number | undefined]>): string {
  let query = "";
  for (const [name, value] of pairs) {
    if (value === undefined || value === "") continue;
    query += `${query ? "&" : ""}${formEncode(name)}=${formEncode(String(value))}`;
  }
  return query;
}

/** `path?query`, or `path` alone when the query is empty. */
export const withQuery = (path: string, query: string): string => query ? `${path}?${query}` : path;

const PLAIN = /^[A-Za-z0-9*._-]*$/;
// With the u flag a paired surrogate is one code point, so only a lone one is a Surrogate.
const LONE_SURROGATE = /\p{Surrogate}/gu;

function formEncode(text: string): string {
  if (PLAIN.test(text)) return text;
  // A lone surrogate becomes U+FFFD, as URLSearchParams does, where encodeURIComponent would throw (a pattern,
  // not toWellFormed: the browsers the client bundle targets include some without it).
  const wellFormed = text.replace(LONE_SURROGATE, "\uFFFD");
  return encodeURIComponent(wellFormed).replace(/%20/g, "+").replace(/[!'()~]/g, escapeMark);
}

const escapeMark = (mark: string) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`;

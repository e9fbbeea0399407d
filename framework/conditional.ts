/**
 * Conditional GET (RFC 9110 §13.1): whether the copy a client holds is still the one we would send, by its
 * entity tag (`If-None-Match`: one tag, a list, or `*`, compared weakly, so `W/"x"` matches `"x"`) or, only
 * when no tag is asked about, by date (`If-Modified-Since`).
 */
const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const wanted = opaque(etag);
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === wanted);
}

/** True when a 304 answers the request: the held copy is current. */
export function notModified(headers: Headers, etag: string, lastModified?: Date): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(headers.get("if-modified-since") ?? "");
  // HTTP dates have whole seconds.
  return lastModified !== undefined && !Number.isNaN(since) &&
    Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

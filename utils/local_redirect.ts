/**
 * The one judge of where a redirect may lead (`next` after a language switch or a sign-in). The target is
 * resolved as a browser would against the app's own origin and kept only if it stays there, so tricks the
 * browser forgives (`/\t/host`, `/\host`, `//host`) cannot send anyone to another site. Whitespace and control
 * characters are refused outright; what is kept comes back percent-encoded, since a `Location` header carries
 * only Latin-1 (a Georgian path would otherwise fail the response).
 */
const OWN = "http://own.invalid";
const MAX_TARGET = 2048;
// deno-lint-ignore no-control-regex
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

export function localRedirectTarget(next: string | null | undefined): string | null {
  if (!next || next.length > MAX_TARGET || !next.startsWith("/") || FORBIDDEN.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, OWN);
  } catch {
    return null;
  }
  if (url.origin !== OWN || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Documents that are the same for everyone who asks (`render(data, { sameForEveryone })`), kept as the HTML
 * string that was rendered the first time. The names carry the language, the texts' version and whatever the
 * page put in its own part (a version of its choices), so a change makes a new name; the oldest names are let
 * go past a bound, so versions that moved on do not stay.
 */
import { keepBounded } from "../utils/bounded_map.ts";

const MAX_DOCUMENTS = 64;

/** A CSP nonce in a document makes it one request's: such a document is never kept. */
const NONCE_ATTRIBUTE = " nonce=";

export interface SharedDocuments {
  get(key: string): string | undefined;
  keep(key: string, html: string): void;
}

export function sharedDocuments(max = MAX_DOCUMENTS): SharedDocuments {
  const documents = new Map<string, string>();
  return {
    get: (key) => documents.get(key),
    keep(key, html) {
      if (html.includes(NONCE_ATTRIBUTE)) return;
      keepBounded(documents, key, html, max);
    },
  };
}

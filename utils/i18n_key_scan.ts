/**
 * Translation keys in source text, and flat ↔ nested dictionaries. The build (dev.ts) scans the sources with
 * `keysInSource` and writes static/_build/i18n_keys.json, which the language screen's "find new keywords"
 * reads (the server may not read its sources). The patterns follow tests/i18n_keys_test.ts: `t("…")`,
 * `titleKey: "…"`, and string literals of namespaces whose strings are always keys (errors, common, …).
 */
import type { Dictionary } from "./i18n.ts";

const NAMESPACED =
  /["'`]((?:errors|common|routes|shell|app|ui|sections|login|devices|password|guards|home|notAvailable)\.[A-Za-z0-9_.]+)["'`]/g;
const CALLS = /\bt\(\s*["'`]([A-Za-z0-9_.]+)["'`]/g;
const TITLES = /titleKey:\s*["'`]([A-Za-z0-9_.]+)["'`]/g;

/** Keys named in one file's text; prefixes completed at run time (`"errors." + code`) are left out. */
export function keysInSource(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of [CALLS, TITLES, NAMESPACED]) {
    for (const match of text.matchAll(pattern)) {
      if (!match[1].endsWith(".")) found.add(match[1]);
    }
  }
  return [...found];
}

/** `{ a: { b: "x" } }` → `{ "a.b": "x" }` (texts only). */
export function flattenDictionary(value: unknown, prefix = "", out: Record<string, string> = {}) {
  if (typeof value === "string") out[prefix] = value;
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flattenDictionary(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

/** `{ "a.b": "x" }` → `{ a: { b: "x" } }`; a key that would turn a text into a group is dropped. */
export function nestDictionary(flat: Record<string, string>): Dictionary {
  const root: Dictionary = {};
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split(".");
    let node: Record<string, unknown> | null = root;
    for (const part of parts.slice(0, -1)) {
      if (node[part] === undefined) node[part] = {};
      const next: unknown = node[part];
      node = typeof next === "object" && next !== null ? next as Record<string, unknown> : null;
      if (!node) break;
    }
    const last = parts[parts.length - 1];
    if (node && node[last] === undefined) node[last] = flat[key];
  }
  return root;
}

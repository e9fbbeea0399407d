/**
 * Translation, shared by the server and islands. Both call `t(key, params)`; on the server the render
 * pipeline points it at the request's language before each synchronous render, in the browser the client
 * init loads the dictionary once. The dictionaries are `locales/ka.json` (default) and `locales/en.json`.
 */

export const LANGUAGES = ["ka", "en"] as const;
export type Lang = typeof LANGUAGES[number];
export const DEFAULT_LANG: Lang = "ka";
export const LANG_COOKIE = "lang";

export type Dictionary = Record<string, unknown>;
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The browser's translator: a lookup in the same dictionary with i18next's `{{name}}` interpolation. Islands
 * use nothing else of i18next, and leaving it out of the bundle saves 16 KB (gzip) on every page with islands;
 * the server translates with i18next itself (services/languages/i18n.ts). A missing key shows as the key.
 */
export function createLightTranslator(dictionary: Dictionary): Translate {
  const memo = new Map<string, string>();
  const lookup = (key: string) => {
    let text = memo.get(key);
    if (text === undefined) {
      let node: unknown = dictionary;
      for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
      text = typeof node === "string" ? node : key;
      memo.set(key, text);
    }
    return text;
  };
  return (key, params) => {
    const text = lookup(key);
    if (!params) return text;
    return text.replace(
      /\{\{\s*(\w+)\s*\}\}/g,
      (whole, name) => (name in params ? String(params[name]) : whole),
    );
  };
}

let active: Translate = (key) => key;
let activeLang: Lang = DEFAULT_LANG;

export function setActiveTranslator(lang: Lang, translate: Translate) {
  active = translate;
  activeLang = lang;
}

export function t(key: string, params?: Record<string, string | number>): string {
  return active(key, params);
}

export function currentLang(): Lang {
  return activeLang;
}

/** Reads the `lang` cookie from a Cookie header; the default language otherwise. */
export function langFromCookie(cookieHeader: string | null): Lang {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=([a-z]{2})(?:;|$)/);
  return match && isLang(match[1]) ? match[1] : DEFAULT_LANG;
}

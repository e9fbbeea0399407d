/**
 * Translation, shared by the server and islands. Both call `t(key, params)`; on the server the render
 * pipeline points it at the request's language before each synchronous render, in the browser the client
 * init loads the dictionary once. The dictionaries are `locales/ka.json` (default) and `locales/en.json`.
 */
import i18next from "i18next";

export const LANGUAGES = ["ka", "en"] as const;
export type Lang = typeof LANGUAGES[number];
export const DEFAULT_LANG: Lang = "ka";
export const LANG_COOKIE = "lang";

export type Dictionary = Record<string, unknown>;
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A translator over one dictionary; a missing key shows as the key itself, so gaps are visible, not blank. */
export function createTranslator(lang: Lang, dictionary: Dictionary): Translate {
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    resources: { [lang]: { translation: dictionary } },
    initAsync: false,
    fallbackLng: false,
    // Preact escapes everything it renders; escaping here too would show entities to the user.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Dictionaries never change under a translator (an override builds a new one), so plain lookups are
  // memoized: i18next's t() costs microseconds, and a page makes dozens of calls.
  const memo = new Map<string, string>();
  return (key, params) => {
    const id = params ? `${key}\u0000${JSON.stringify(params)}` : key;
    let text = memo.get(id);
    if (text === undefined) {
      text = (params ? instance.t(key, params) : instance.t(key)) as string;
      // Values with parameters vary without bound (counts, names): keep the memo from growing forever.
      if (memo.size > 20_000) memo.clear();
      memo.set(id, text);
    }
    return text;
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

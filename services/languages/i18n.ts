/** Server-side dictionaries, imported statically so reading them needs no file permission. */
import en from "../../locales/en.json" with { type: "json" };
import ka from "../../locales/ka.json" with { type: "json" };
import i18next from "i18next";
import type { Dictionary, Lang, Translate } from "../../utils/i18n.ts";
import { type OverrideSnapshot, translationOverrides } from "./overrides.ts";

export const dictionaries: Record<Lang, Dictionary> = { ka, en };
const translators = new Map<Lang, Translate>();
/** Dictionaries and translators with the language screen's edits applied, for the current edit version. */
const edited = new Map<Lang, { version: number; dictionary: Dictionary; translate?: Translate }>();

/** The request's translator: the shipped dictionary, with the edits made on the language screen (if any). */
export function translatorFor(lang: Lang): Translate {
  const overrides = translationOverrides();
  if (overrides.edited[lang]) {
    const entry = editedEntry(lang, overrides);
    return (entry.translate ??= createTranslator(lang, entry.dictionary));
  }
  let translate = translators.get(lang);
  if (!translate) {
    translate = createTranslator(lang, dictionaries[lang]);
    translators.set(lang, translate);
  }
  return translate;
}

/** The dictionary islands load (`/static/i18n/{lang}.json`): the shipped one with the edits applied. */
export function dictionaryFor(lang: Lang): Dictionary {
  const overrides = translationOverrides();
  if (!overrides.edited[lang]) return dictionaries[lang];
  return editedEntry(lang, overrides).dictionary;
}

/** Cache-busting version of a language's dictionary: the shipped file's hash, then the edit version. */
export function i18nVersionFor(lang: Lang, shippedHash: string): string {
  const { version, edited } = translationOverrides();
  return edited[lang] ? `${shippedHash}-${version}` : shippedHash;
}

function editedEntry(lang: Lang, overrides: OverrideSnapshot) {
  let entry = edited.get(lang);
  if (!entry || entry.version !== overrides.version) {
    entry = { version: overrides.version, dictionary: withEdits(dictionaries[lang], overrides.byLang[lang]) };
    edited.set(lang, entry);
  }
  return entry;
}

/** A copy of a nested dictionary with flat `a.b.c` keys set; a key that would replace a group is skipped. */
export function withEdits(base: Dictionary, edits: Record<string, string>): Dictionary {
  const copy = structuredClone(base) as Dictionary;
  for (const [key, text] of Object.entries(edits)) {
    const parts = key.split(".");
    let node: Record<string, unknown> | null = copy;
    for (const part of parts.slice(0, -1)) {
      if (node[part] === undefined) node[part] = {};
      const next: unknown = node[part];
      if (typeof next !== "object" || next === null) {
        node = null; // a text where the key needs a group
        break;
      }
      node = next as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (node && (typeof node[last] !== "object" || node[last] === null)) node[last] = text;
  }
  return copy;
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

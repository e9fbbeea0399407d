/** Server-side dictionaries, imported statically so reading them needs no file permission. */
import en from "../locales/en.json" with { type: "json" };
import ka from "../locales/ka.json" with { type: "json" };
import i18next from "i18next";
import type { Dictionary, Lang, Translate } from "../utils/i18n.ts";

export const dictionaries: Record<Lang, Dictionary> = { ka, en };
const translators = new Map<Lang, Translate>();

export function translatorFor(lang: Lang): Translate {
  let translate = translators.get(lang);
  if (!translate) {
    translate = createTranslator(lang, dictionaries[lang]);
    translators.set(lang, translate);
  }
  return translate;
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

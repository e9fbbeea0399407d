/** Server-side dictionaries, imported statically so reading them needs no file permission. */
import en from "../locales/en.json" with { type: "json" };
import ka from "../locales/ka.json" with { type: "json" };
import { createTranslator, type Dictionary, type Lang, type Translate } from "../utils/i18n.ts";

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

/**
 * The language of an answer: the `lang` cookie (the person's choice), else the browser's `Accept-Language`,
 * else Georgian. Pages and the API's messages both follow it; each answer says which it is in
 * `Content-Language` and that it depends on those two headers in `Vary`, so that no cache hands one person's
 * language to another.
 */
import { pickLanguage } from "../framework/accept_language.ts";
import { varyOn } from "./vary.ts";
import { DEFAULT_LANG, type Lang, LANG_COOKIE, langFromCookie, LANGUAGES } from "../utils/i18n.ts";

const LANG_COOKIE_SET = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=`);

export function requestLang(headers: Headers): Lang {
  const cookie = headers.get("cookie");
  if (cookie && LANG_COOKIE_SET.test(cookie)) return langFromCookie(cookie);
  return pickLanguage(headers.get("accept-language"), LANGUAGES) ?? DEFAULT_LANG;
}

const TRANSLATED = /^(text\/html|application\/json)\b/i;

/**
 * States the language of an HTML or JSON answer (of Content-Type `type`), and, if a cache may `store` it, what
 * chose it.
 */
export function stampLanguage(headers: Headers, type: string | null, lang: Lang, stored: boolean): void {
  if (!TRANSLATED.test(type ?? "")) return;
  if (!headers.has("content-language")) headers.set("content-language", lang);
  if (stored) varyOn(headers, CHOSEN_BY);
}

const CHOSEN_BY = ["Accept-Language", "Cookie"];

/**
 * Runs in the browser before islands hydrate: loads the page language's dictionary from the static assets
 * path and activates it. A dictionary that fails to load leaves an empty one (SPEC §7.1, §8): keys show.
 */
import { createLightTranslator, type Dictionary, isLang, LANG_COOKIE, setActiveTranslator } from "./i18n.ts";

export async function loadDictionary(lang: string, version = ""): Promise<Dictionary> {
  try {
    const response = await fetch(`/static/i18n/${lang}.json${version ? `?v=${version}` : ""}`);
    if (!response.ok) return {};
    const body = await response.json();
    return body && typeof body === "object" ? body : {};
  } catch {
    return {};
  }
}

export default async function init() {
  const html = document.documentElement;
  const lang = isLang(html.lang) ? html.lang : "ka";
  const dictionary = await loadDictionary(lang, html.dataset.i18nVersion);
  setActiveTranslator(lang, createLightTranslator(dictionary));
  try {
    localStorage.setItem(LANG_COOKIE, lang);
  } catch {
    // Storage may be disabled; the cookie still carries the choice.
  }
}

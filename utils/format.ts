/**
 * Date-and-time formatting in the interface language. Formatters are built once per language: constructing an
 * `Intl.DateTimeFormat` costs far more than using one, and pages format dates on every render.
 */
import type { Lang } from "./i18n.ts";

const dateTimes = new Map<Lang, Intl.DateTimeFormat>();

export function formatDateTime(value: string | number | Date, lang: Lang): string {
  let format = dateTimes.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === "ka" ? "ka-GE" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
    });
    dateTimes.set(lang, format);
  }
  return format.format(new Date(value));
}

/** An amount of tetri as GEL in the page's language, negative amounts (credit) marked for the eye and the ear. */
import { formatGel } from "../../utils/gel.ts";
import type { Lang } from "../../utils/i18n.ts";

/** The lari's sign (₾) is missing from the interface font, so the currency is written out. */
export const CURRENCY = { ka: "ლარი", en: "GEL" } as const;

export function Gel({ tetri, lang }: { tetri: number; lang: Lang }) {
  return (
    <span
      class={tetri < 0 ? "whitespace-nowrap text-green-700 tabular-nums" : "whitespace-nowrap tabular-nums"}
      data-tetri={tetri}
    >
      {formatGel(tetri, lang)} {CURRENCY[lang]}
    </span>
  );
}

export const INPUT = "rounded border border-gray-300 px-2 py-1 text-sm";

/**
 * A semester's name in the page's language. Semesters are named like "2026-2027 autumn" when created; the
 * season word is shown in the interface language ("2026-2027 შემოდგომა" on a Georgian page), whichever of the
 * two languages it was typed in. Anything else in the name is shown as typed.
 */
import type { Translate } from "./i18n.ts";

const SEASONS = ["autumn", "spring", "summer", "winter"] as const;
// The season words as they may be typed, in either language, to the season they name.
const TYPED: Record<string, (typeof SEASONS)[number]> = {
  autumn: "autumn",
  fall: "autumn",
  spring: "spring",
  summer: "summer",
  winter: "winter",
  "შემოდგომა": "autumn",
  "შემოდგომის": "autumn",
  "გაზაფხული": "spring",
  "გაზაფხულის": "spring",
  "ზაფხული": "summer",
  "ზაფხულის": "summer",
  "ზამთარი": "winter",
  "ზამთრის": "winter",
};
const WORD = /[A-Za-z\u10D0-\u10FF]+/g;

export function semesterName(seasonYear: string, t: Translate): string {
  return seasonYear.replace(WORD, (word) => {
    const season = TYPED[word.toLowerCase()];
    return season ? t(`semesters.${season}`) : word;
  });
}

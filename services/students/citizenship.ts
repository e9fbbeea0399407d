/**
 * A student's citizenship: an ISO 3166 two-letter code. The registry kept none before issue 22, and every
 * student then held a Georgian personal number as a citizen, so a record without one reads as Georgia — no
 * migration rewrites 20,000 records to say what reading it says already.
 */
import type { Student } from "../academic/model.ts";

export const HOME_CITIZENSHIP = "GE";

const CODE = /^[A-Z]{2}$/;
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

export const citizenshipOf = (student: Pick<Student, "citizenship">): string =>
  student.citizenship ?? HOME_CITIZENSHIP;

/** A code that names a real country or territory (ICU knows its name), not just two capital letters. */
export function isCitizenshipCode(code: string): boolean {
  if (!CODE.test(code) || code === "ZZ") return false;
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Georgian names of the countries the admissions form offers (admissions/form.ts): Deno's ICU data has no
 * Georgian region names and would answer in English on a Georgian page.
 */
const KA_NAMES: Record<string, string> = {
  GE: "საქართველო",
  AM: "სომხეთი",
  AZ: "აზერბაიჯანი",
  UA: "უკრაინა",
  TR: "თურქეთი",
  RU: "რუსეთი",
  BY: "ბელარუსი",
  KZ: "ყაზახეთი",
  UZ: "უზბეკეთი",
  IL: "ისრაელი",
  IR: "ირანი",
  IQ: "ერაყი",
  IN: "ინდოეთი",
  EG: "ეგვიპტე",
  NG: "ნიგერია",
  DE: "გერმანია",
  FR: "საფრანგეთი",
  GB: "გაერთიანებული სამეფო",
  US: "ამერიკის შეერთებული შტატები",
  PL: "პოლონეთი",
};

/** The country's name in `lang`, or the code when the runtime has no name for it. */
export function citizenshipName(code: string, lang: string): string {
  if (lang === "ka" && KA_NAMES[code]) return KA_NAMES[code];
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The citizenships a form offers, Georgia first then by name in `lang`; `current` is added when not among them. */
export function citizenshipChoices(lang: string, current?: string): readonly Readonly<Choice>[] {
  const codes = Object.keys(KA_NAMES);
  if (!current || codes.includes(current)) return offered.get(lang) ?? remember(lang, choicesOf(codes, lang));
  return choicesOf([...codes, current], lang);
}

type Choice = { value: string; label: string };

// The usual list is the same for every request in a language: named and sorted (ICU's collation) once, and
// frozen, so a page's island props serialize it once too (framework/serialize.ts).
const offered = new Map<string, readonly Readonly<Choice>[]>();

function remember(lang: string, choices: readonly Readonly<Choice>[]) {
  offered.set(lang, choices);
  return choices;
}

function choicesOf(codes: string[], lang: string): readonly Readonly<Choice>[] {
  const [home, ...rest] = codes.map((code) =>
    Object.freeze({ value: code, label: citizenshipName(code, lang) })
  );
  return Object.freeze([home, ...rest.sort((a, b) => a.label.localeCompare(b.label, lang))]);
}

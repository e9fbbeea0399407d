/**
 * The demo university's structure as data: its schools (faculties), their educational programs, and the
 * vocabulary of people and rooms. `small` uses the first three schools and the programs marked `small`;
 * `large` uses all of them (8 schools, 60 programs).
 */
import type { Level, TeachingLanguage } from "../academic/model.ts";

export interface SchoolDef {
  code: string;
  nameKa: string;
  nameEn: string;
}

export interface ProgramDef {
  school: string;
  level: Level;
  nameKa: string;
  nameEn: string;
  language?: TeachingLanguage;
  /** Part of the small data set. */
  small?: true;
  /** No longer admitting students. */
  closed?: true;
}

/** Small uses the first three: together they offer all six levels (medicine brings 4 and 6). */
export const SCHOOLS: readonly SchoolDef[] = [
  { code: "BUS", nameKa: "ბიზნესის სკოლა", nameEn: "School of Business" },
  {
    code: "CSE",
    nameKa: "კომპიუტერული მეცნიერებისა და ინჟინერიის სკოლა",
    nameEn: "School of Computer Science and Engineering",
  },
  { code: "MED", nameKa: "მედიცინის სკოლა", nameEn: "School of Medicine" },
  { code: "LAW", nameKa: "სამართლის სკოლა", nameEn: "School of Law" },
  { code: "HUM", nameKa: "ჰუმანიტარულ მეცნიერებათა სკოლა", nameEn: "School of Humanities" },
  { code: "SOC", nameKa: "სოციალურ მეცნიერებათა სკოლა", nameEn: "School of Social Sciences" },
  { code: "NAT", nameKa: "საბუნებისმეტყველო მეცნიერებათა სკოლა", nameEn: "School of Natural Sciences" },
  { code: "ART", nameKa: "ხელოვნებისა და დიზაინის სკოლა", nameEn: "School of Arts and Design" },
];

/** SPEC §3 levels, as a registrar names them. */
export const LEVEL_NAMES: Record<Level, { ka: string; en: string; letter: string }> = {
  1: { ka: "საბაკალავრო", en: "Bachelor", letter: "B" },
  2: { ka: "სამაგისტრო", en: "Master", letter: "M" },
  3: { ka: "სადოქტორო", en: "Doctoral", letter: "D" },
  4: { ka: "ერთსაფეხურიანი", en: "Single-cycle", letter: "S" },
  5: { ka: "პროფესიული", en: "Professional", letter: "P" },
  6: { ka: "რეზიდენტურა", en: "Residency", letter: "R" },
};

/** Length of a program in semesters and its ECTS credits, by level. */
export const LEVEL_SEMESTERS: Record<Level, number> = { 1: 8, 2: 4, 3: 6, 4: 12, 5: 2, 6: 6 };
export const LEVEL_CREDITS: Record<Level, number> = { 1: 240, 2: 120, 3: 180, 4: 360, 5: 60, 6: 180 };

const p = (
  school: string,
  level: Level,
  nameKa: string,
  nameEn: string,
  extra: Partial<ProgramDef> = {},
): ProgramDef => ({ school, level, nameKa, nameEn, ...extra });

export const PROGRAMS: readonly ProgramDef[] = [
  p("BUS", 1, "ბიზნესის ადმინისტრირება", "Business Administration", { small: true }),
  p("BUS", 1, "ფინანსები", "Finance"),
  p("BUS", 1, "მარკეტინგი", "Marketing"),
  p("BUS", 1, "აღრიცხვა და აუდიტი", "Accounting and Audit"),
  p("BUS", 1, "ტურიზმის მენეჯმენტი", "Tourism Management"),
  p("BUS", 1, "International Business Administration", "International Business Administration", {
    language: "en",
  }),
  p("BUS", 2, "ბიზნესის ადმინისტრირება (MBA)", "Business Administration (MBA)", { small: true }),
  p("BUS", 2, "ფინანსები", "Finance"),
  p("BUS", 2, "ადამიანური რესურსების მართვა", "Human Resource Management"),
  p("BUS", 3, "ბიზნესის ადმინისტრირება", "Business Administration", { small: true }),
  p("BUS", 5, "ბუღალტრული აღრიცხვა", "Bookkeeping"),
  p("CSE", 1, "კომპიუტერული მეცნიერება", "Computer Science", { small: true }),
  p("CSE", 1, "ინფორმაციული ტექნოლოგიები", "Information Technology"),
  p("CSE", 1, "ელექტროინჟინერია", "Electrical Engineering"),
  p("CSE", 1, "სამოქალაქო ინჟინერია", "Civil Engineering"),
  p("CSE", 2, "პროგრამული ინჟინერია", "Software Engineering", { small: true }),
  p("CSE", 2, "მონაცემთა მეცნიერება", "Data Science", { language: "en" }),
  p("CSE", 2, "კიბერუსაფრთხოება", "Cybersecurity"),
  p("CSE", 3, "კომპიუტერული მეცნიერება", "Computer Science"),
  p("CSE", 5, "კომპიუტერული ქსელების ადმინისტრირება", "Computer Network Administration"),
  p("MED", 4, "მედიცინა", "Medicine", { small: true }),
  p("MED", 4, "Medical Doctor (MD)", "Medical Doctor (MD)", { language: "en" }),
  p("MED", 4, "სტომატოლოგია", "Dentistry"),
  p("MED", 4, "ფარმაცია", "Pharmacy"),
  p("MED", 1, "საექთნო საქმე", "Nursing"),
  p("MED", 1, "საზოგადოებრივი ჯანდაცვა", "Public Health"),
  p("MED", 2, "საზოგადოებრივი ჯანდაცვა", "Public Health"),
  p("MED", 3, "ბიომედიცინა", "Biomedicine"),
  p("MED", 5, "ფარმაცევტის თანაშემწე", "Pharmacy Assistant", { small: true }),
  p("MED", 6, "შინაგანი მედიცინა", "Internal Medicine", { small: true }),
  p("MED", 6, "ზოგადი ქირურგია", "General Surgery"),
  p("MED", 6, "პედიატრია", "Pediatrics"),
  p("LAW", 1, "სამართალი", "Law"),
  p("LAW", 2, "კერძო სამართალი", "Private Law"),
  p("LAW", 2, "საჯარო სამართალი", "Public Law"),
  p("LAW", 2, "სისხლის სამართალი", "Criminal Law"),
  p("LAW", 2, "საერთაშორისო სამართალი", "International Law", { language: "en" }),
  p("LAW", 3, "სამართალი", "Law"),
  p("HUM", 1, "ქართული ფილოლოგია", "Georgian Philology"),
  p("HUM", 1, "ინგლისური ფილოლოგია", "English Philology"),
  p("HUM", 1, "ისტორია", "History"),
  p("HUM", 1, "ფილოსოფია", "Philosophy"),
  p("HUM", 1, "თარგმანმცოდნეობა", "Translation Studies", { closed: true }),
  p("HUM", 2, "ლინგვისტიკა", "Linguistics"),
  p("HUM", 3, "ქართული ფილოლოგია", "Georgian Philology"),
  p("SOC", 1, "ფსიქოლოგია", "Psychology"),
  p("SOC", 1, "საერთაშორისო ურთიერთობები", "International Relations"),
  p("SOC", 1, "ჟურნალისტიკა", "Journalism"),
  p("SOC", 1, "ეკონომიკა", "Economics"),
  p("SOC", 2, "ფსიქოლოგია", "Psychology"),
  p("SOC", 3, "ეკონომიკა", "Economics"),
  p("NAT", 1, "მათემატიკა", "Mathematics"),
  p("NAT", 1, "ფიზიკა", "Physics"),
  p("NAT", 1, "ბიოლოგია", "Biology"),
  p("NAT", 1, "ქიმია", "Chemistry", { closed: true }),
  p("NAT", 2, "მათემატიკა", "Mathematics"),
  p("NAT", 3, "ფიზიკა", "Physics"),
  p("ART", 1, "არქიტექტურა", "Architecture"),
  p("ART", 1, "გრაფიკული დიზაინი", "Graphic Design"),
  p("ART", 5, "ინტერიერის დიზაინი", "Interior Design"),
];

export const ACADEMIC_POSITIONS: readonly string[] = [
  "პროფესორი",
  "ასოცირებული პროფესორი",
  "ასოცირებული პროფესორი",
  "ასისტენტ-პროფესორი",
  "ასისტენტ-პროფესორი",
  "ასისტენტი",
  "მოწვეული ლექტორი",
  "მოწვეული ლექტორი",
];

export const ADMINISTRATIVE_POSITIONS: readonly string[] = [
  "რეგისტრატორი",
  "სასწავლო პროცესის მენეჯერი",
  "სკოლის ადმინისტრატორი",
  "ხარისხის უზრუნველყოფის სპეციალისტი",
  "კანცელარიის სპეციალისტი",
  "ბიბლიოთეკარი",
  "IT სპეციალისტი",
  "ბუღალტერი",
  "სტუდენტთა მომსახურების სპეციალისტი",
];

/** Buildings of the campus, [name, code used in room names]. */
export const BUILDINGS: readonly (readonly [string, string])[] = [
  ["I კორპუსი", "I"],
  ["II კორპუსი", "II"],
  ["III კორპუსი", "III"],
  ["IV კორპუსი", "IV"],
  ["V კორპუსი", "V"],
  ["სამედიცინო ცენტრი", "MC"],
];

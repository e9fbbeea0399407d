/**
 * The demo university's structure: schools, programs, the courses of each program arranged in a curriculum
 * by semester, language courses, the semesters (registration groups) and the rooms. Pure: ids start at 1 in
 * each collection; university.ts reserves them.
 */
import type { Auditorium, Book, Level, Program, RegistrationGroup, School } from "../academic/model.ts";
import {
  BUILDINGS,
  LEVEL_CREDITS,
  LEVEL_NAMES,
  LEVEL_SEMESTERS,
  type ProgramDef,
  PROGRAMS,
  SCHOOLS,
} from "./catalogue.ts";
import {
  FINAL_COURSES,
  LANGUAGE_LEVELS,
  LANGUAGES,
  SUBJECTS,
  VARIANTS_ADVANCED,
  VARIANTS_BASIC,
} from "./course_titles.ts";
import type { NamePair } from "./names.ts";
import type { Random } from "./random.ts";
import { pad } from "./sampling.ts";
import {
  COURSE_WEIGHT,
  CURRENT_ACADEMIC_YEAR,
  FIRST_ACADEMIC_YEAR,
  REFERENCE_DATE,
  type UniversitySize,
} from "./university_sizes.ts";

export interface Structure {
  schools: School[];
  programs: Program[];
  books: Book[];
  /** Per program id: its course ids by semester (index 0 = first semester). */
  curricula: Map<number, number[][]>;
  /** Per language: its course ids from the lowest CEFR level up. */
  languageTracks: number[][];
  groups: RegistrationGroup[];
  /** The group whose dates contain REFERENCE_DATE. */
  currentGroupId: number;
  auditoriums: Auditorium[];
}

const CREDITS = [5, 5, 5, 5, 6, 6, 6, 4, 4, 3, 7, 8, 10] as const;

export function buildStructure(size: UniversitySize, random: Random): Structure {
  const schoolDefs = SCHOOLS.slice(0, size.schools);
  const schools: School[] = schoolDefs.map((s, i) => ({ id: i + 1, ...s, deanHrId: null }));
  const schoolId = new Map(schools.map((s) => [s.code, s.id]));
  const defs = PROGRAMS.filter((p) => schoolId.has(p.school) && (!size.smallPrograms || p.small));
  const programs = defs.map((def, i) => program(def, i + 1, schoolId.get(def.school)!, defs));

  const books: Book[] = [];
  const addBook = (book: Omit<Book, "id">) => books.push({ id: books.length + 1, ...book }) && books.length;
  const poolSizes = coursePoolSizes(size, defs);
  const codeCounter = new Map<string, number>();
  const curricula = new Map<number, number[][]>();
  const schoolIndex = new Map<string, number>();
  for (const [i, prog] of programs.entries()) {
    const def = defs[i];
    const nth = schoolIndex.get(def.school) ?? 0;
    schoolIndex.set(def.school, nth + 1);
    const semesters: number[][] = Array.from({ length: LEVEL_SEMESTERS[prog.level] }, () => []);
    const finals = FINAL_COURSES[prog.level];
    const regular = Math.max(1, poolSizes[i] - finals.length);
    const subjects = SUBJECTS[def.school];
    const variants = prog.level === 1 || prog.level === 4 || prog.level === 5
      ? VARIANTS_BASIC
      : VARIANTS_ADVANCED;
    const width = size.smallPrograms ? 2 : 3;
    const nextCode = () => {
      const key = `${def.school}-${prog.level}`;
      const seq = (codeCounter.get(key) ?? 0) + 1;
      codeCounter.set(key, seq);
      return `${key}${pad(seq, width)}`;
    };
    for (let c = 0; c < regular; c++) {
      // Each program of a school starts elsewhere in the school's subjects, so their pools differ.
      const subject = subjects[(nth * 5 + c) % subjects.length];
      const round = Math.floor(c / subjects.length);
      const variant = variants[round % variants.length];
      const repeat = Math.floor(round / variants.length);
      const title: NamePair = [
        subject[0] + variant[0] + (repeat ? ` ${repeat + 1}` : ""),
        subject[1] + variant[1] + (repeat ? ` ${repeat + 1}` : ""),
      ];
      const id = addBook(course(title, nextCode(), prog, def.school, random.pick(CREDITS), random));
      semesters[c % semesters.length].push(id);
    }
    for (const [f, final] of finals.entries()) {
      const id = addBook({
        ...course(final.title, nextCode(), prog, def.school, random.int(6, 10), random),
        nashromi_praqtika_type: final.kind,
        status: "active",
      });
      semesters[Math.max(0, semesters.length - finals.length + f)].push(id);
    }
    curricula.set(prog.id, semesters);
  }

  // Language courses belong to no school; bachelor students take them in their first semesters.
  const levels = size.smallPrograms ? 1 : LANGUAGE_LEVELS.length;
  let languageSeq = 0;
  const languageTracks = LANGUAGES.map((language) =>
    Array.from({ length: levels }, (_, l) => {
      const cefr = size.smallPrograms ? (language.code === "en" ? "B1" : "A1") : LANGUAGE_LEVELS[l];
      return addBook({
        name: `${language.name[0]} ${cefr}`,
        nameEng: `${language.name[1]} ${cefr}`,
        code: `LNG-1${pad(++languageSeq, 2)}`,
        description: `${language.name[0]}, ${cefr} დონე: კითხვა, წერა, მოსმენა და ლაპარაკი.`,
        credit: 5,
        type: 2,
        status: "active",
        lang: language.code,
        langCode: language.code === "en" ? "eng" : "geo",
        nashromi_praqtika_type: "",
        medic: false,
        level: 1,
        gpaLimit: null,
      });
    })
  );

  const groups = registrationGroups();
  const current = groups.find((g) => g.startDate <= REFERENCE_DATE && REFERENCE_DATE <= g.endDate);
  if (!current) throw new Error(`no registration group contains ${REFERENCE_DATE}`);
  return {
    schools,
    programs,
    books,
    curricula,
    languageTracks,
    groups,
    currentGroupId: current.id,
    auditoriums: auditoriums(size.auditoriums, random),
  };
}

function program(def: ProgramDef, id: number, schoolId: number, defs: readonly ProgramDef[]): Program {
  const letter = LEVEL_NAMES[def.level].letter;
  const nth = defs.slice(0, id).filter((d) => d.school === def.school && d.level === def.level).length;
  return {
    id,
    nameKa: `${def.nameKa} (${LEVEL_NAMES[def.level].ka})`,
    nameEn: `${def.nameEn} (${LEVEL_NAMES[def.level].en})`,
    code: `${def.school}-${letter}${nth}`,
    schoolId,
    level: def.level,
    credits: LEVEL_CREDITS[def.level],
    language: def.language ?? "ka",
    status: def.closed ? "closed" : "active",
  };
}

/** How many courses each program offers: fixed per level (small), or the total spread by level weight. */
function coursePoolSizes(size: UniversitySize, defs: readonly ProgramDef[]): number[] {
  if ("perProgram" in size.courses) {
    const perProgram = size.courses.perProgram;
    return defs.map((d) => perProgram[d.level]);
  }
  const target = size.courses.total - LANGUAGES.length * LANGUAGE_LEVELS.length;
  const weights = defs.map((d) => COURSE_WEIGHT[d.level]);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((target * w) / sum));
  let rest = target - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % sizes.length, rest--) sizes[i]++;
  return sizes;
}

function course(
  title: NamePair,
  code: string,
  prog: Program,
  school: string,
  credit: number,
  random: Random,
): Omit<Book, "id"> {
  return {
    name: title[0],
    nameEng: title[1],
    code,
    description:
      `კურსის „${title[0]}“ მიზანია საგნის ძირითადი ცნებების, მეთოდებისა და თანამედროვე მიდგომების ` +
      `შესწავლა (${LEVEL_NAMES[prog.level].ka} საფეხური).`,
    credit,
    type: 1,
    status: random.next() < 0.05 ? "closed" : "active",
    lang: null,
    langCode: prog.language === "ka" ? "geo" : "eng",
    nashromi_praqtika_type: "",
    medic: school === "MED",
    level: prog.level as Level,
    gpaLimit: null,
  };
}

/** Autumn and spring of every academic year from 2021-2022 to the current one, in date order. */
function registrationGroups(): RegistrationGroup[] {
  const groups: RegistrationGroup[] = [];
  for (let year = FIRST_ACADEMIC_YEAR; year <= CURRENT_ACADEMIC_YEAR; year++) {
    const season = `${year}-${year + 1}`;
    groups.push({
      id: groups.length + 1,
      seasonYear: `${season} autumn`,
      comment: `${season} სასწავლო წლის შემოდგომის სემესტრი`,
      startDate: mondayFrom(`${year}-09-15`),
      endDate: `${year + 1}-01-31`,
    });
    groups.push({
      id: groups.length + 1,
      seasonYear: `${season} spring`,
      comment: `${season} სასწავლო წლის გაზაფხულის სემესტრი`,
      startDate: mondayFrom(`${year + 1}-02-15`),
      endDate: `${year + 1}-06-30`,
    });
  }
  return groups;
}

/** The id of the group of a student's n-th semester (0-based) after admission in `year`. */
export function semesterGroupId(admissionYear: number, semester: number): number {
  return (admissionYear - FIRST_ACADEMIC_YEAR) * 2 + semester + 1;
}

/** The first Monday on or after a date (YYYY-MM-DD): semesters begin on a Monday. */
function mondayFrom(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

function auditoriums(count: number, random: Random): Auditorium[] {
  // Small fills the first three buildings; large spreads over all of them, 10 rooms a floor.
  const buildings = count <= 12 ? BUILDINGS.slice(0, 3) : BUILDINGS;
  const rooms: Auditorium[] = [];
  for (let i = 0; i < count; i++) {
    const [building, code] = buildings[i % buildings.length];
    const n = Math.floor(i / buildings.length);
    const kind = random.next();
    rooms.push({
      id: i + 1,
      name: `${code}-${Math.floor(n / 10) + 1}${pad((n % 10) + 1, 2)}`,
      building,
      capacity: kind < 0.15
        ? random.int(12, 20) * 10
        : kind < 0.35
        ? random.int(20, 30)
        : random.int(3, 6) * 10,
    });
  }
  return rooms;
}

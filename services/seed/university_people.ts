/**
 * The demo university's people: personnel (HR records; ids 1–4 are the demo accounts' own) and students with
 * the transcripts of the semesters they completed. Pure, deterministic; ids start at 1 (university.ts reserves
 * them). Transcripts are produced lazily: the large set has about 300,000 entries.
 */
import type { HrPerson, Level, Student, StudentStatus, TranscriptEntry } from "../academic/model.ts";
import { gradeOf } from "../students/transcripts.ts";
import { ACADEMIC_POSITIONS, ADMINISTRATIVE_POSITIONS, LEVEL_SEMESTERS } from "./catalogue.ts";
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, type NamePair } from "./names.ts";
import type { Random } from "./random.ts";
import { normal, pad, shuffle, weightedIndex } from "./sampling.ts";
import {
  ADMISSION_WEIGHTS,
  CURRENT_ACADEMIC_YEAR,
  STUDENT_WEIGHT,
  type UniversitySize,
} from "./university_sizes.ts";
import { semesterGroupId, type Structure } from "./university_structure.ts";

/** The demo accounts (services/seed/accounts.ts): users 1–4 are HR records 1–4, user 5 is a student. */
const DEMO_HR: readonly Omit<HrPerson, "id" | "schoolId">[] = [
  person("administrative", ["სისტემის", "System"], ["ადმინისტრატორი", "Administrator"], 1, "admin@uni.test"),
  person(
    "administrative",
    ["მარიამ", "Mariam"],
    ["კაპანაძე", "Kapanadze"],
    2,
    "staff@uni.test",
    "რეგისტრატორი",
  ),
  person(
    "administrative",
    ["ნინო", "Nino"],
    ["ბერიძე", "Beridze"],
    3,
    "limited@uni.test",
    "სასწავლო პროცესის მენეჯერი",
  ),
  person("academic", ["ნინო", "Nino"], ["ბერიძე", "Beridze"], 4, "prof@uni.test", "ასოცირებული პროფესორი"),
];
export const DEMO_PROFESSOR_HR_ID = 4;
export const DEMO_STUDENT_USER_ID = 5;

function person(
  kind: HrPerson["kind"],
  first: NamePair,
  last: NamePair,
  userId: number,
  email: string,
  position = "სისტემის ადმინისტრატორი",
): Omit<HrPerson, "id" | "schoolId"> {
  const [firstNameKa, firstNameEn] = first;
  const [lastNameKa, lastNameEn] = last;
  return { kind, firstNameKa, lastNameKa, firstNameEn, lastNameEn, position, email, phone: "", userId };
}

export interface People {
  hr: HrPerson[];
  /** Academic HR ids per school id, the dean first. */
  professorsBySchool: Map<number, number[]>;
}

export function buildPersonnel(size: UniversitySize, structure: Structure, random: Random): People {
  const schoolIds = structure.schools.map((s) => s.id);
  const cse = structure.schools.find((s) => s.code === "CSE")?.id ?? schoolIds[0];
  // The demo accounts' records come first (ids 1–4); the professor and her administrative self work at CSE.
  const hr: HrPerson[] = DEMO_HR.map((demo, i) => ({
    id: i + 1,
    ...demo,
    phone: phone(random),
    schoolId: demo.kind === "academic" || demo.userId === 3 ? cse : null,
  }));
  const emails = new Set(hr.map((p) => p.email));
  const addStaff = (kind: HrPerson["kind"], position: string, schoolId: number | null): HrPerson => {
    const name = names(random);
    const email = uniqueEmail(emails, name.firstNameEn, name.lastNameEn, "uni.test");
    const record: HrPerson = {
      id: hr.length + 1,
      kind,
      ...name,
      position,
      schoolId,
      email,
      phone: phone(random),
      userId: null,
    };
    hr.push(record);
    return record;
  };

  // Professors per school in proportion to its programs; each school's first professor is its dean.
  const weights = schoolIds.map((id) => structure.programs.filter((p) => p.schoolId === id).length + 1);
  const professorsBySchool = new Map<number, number[]>(schoolIds.map((id) => [id, []]));
  professorsBySchool.get(cse)!.push(DEMO_PROFESSOR_HR_ID);
  for (const school of structure.schools) {
    school.deanHrId = addStaff("academic", "პროფესორი", school.id).id;
    professorsBySchool.get(school.id)!.unshift(school.deanHrId);
  }
  const demoProfessors = DEMO_HR.filter((p) => p.kind === "academic").length;
  for (let i = demoProfessors + schoolIds.length; i < size.academic; i++) {
    const schoolId = schoolIds[weightedIndex(random, weights)];
    professorsBySchool.get(schoolId)!.push(
      addStaff("academic", random.pick(ACADEMIC_POSITIONS), schoolId).id,
    );
  }
  const demoAdministrators = DEMO_HR.length - demoProfessors;
  for (let i = demoAdministrators; i < size.administrative; i++) {
    addStaff(
      "administrative",
      random.pick(ADMINISTRATIVE_POSITIONS),
      random.next() < 0.6 ? random.pick(schoolIds) : null,
    );
  }
  return { hr, professorsBySchool };
}

export interface StudentsOut {
  students: Student[];
  /** Completed semesters and ability of each student, to draw the transcript from. */
  plans: { completed: number; ability: number; language: number }[];
}

export function buildStudents(size: UniversitySize, structure: Structure, random: Random): StudentsOut {
  const { programs } = structure;
  // Closed programs still have students from the years before they closed.
  const weights = programs.map((p) => STUDENT_WEIGHT[p.level] * (p.status === "closed" ? 0.3 : 1));
  const years = ADMISSION_WEIGHTS.map(([, w]) => w);
  const emails = new Set<string>(["student@uni.test"]);
  const students: Student[] = [];
  const plans: StudentsOut["plans"] = [];
  const demoProgram = programs.find((p) => p.level === 1 && p.code.startsWith("CSE-")) ?? programs[0];
  for (let i = 0; i < size.students; i++) {
    const id = i + 1;
    const demo = i === 0;
    const prog = demo ? demoProgram : programs[weightedIndex(random, weights)];
    let year = demo ? 2024 : ADMISSION_WEIGHTS[weightedIndex(random, years)][0];
    if (prog.status === "closed") year = Math.min(year, 2023);
    const total = LEVEL_SEMESTERS[prog.level];
    const elapsed = (CURRENT_ACADEMIC_YEAR - year) * 2;
    let status: StudentStatus = "active";
    let completed = Math.min(elapsed, total);
    const roll = random.next();
    if (demo) status = "active";
    else if (elapsed >= total) {
      if (roll < 0.88) status = "graduated";
      else if (roll < 0.95) [status, completed] = ["withdrawn", random.int(1, total - 1)];
      else completed = total - 1; // still finishing, a semester behind
    } else if (roll < 0.07) [status, completed] = ["suspended", random.int(0, completed)];
    else if (roll < 0.14) [status, completed] = ["withdrawn", random.int(0, completed)];
    const ability = demo ? 84 : normal(random, status === "withdrawn" ? 68 : 78, 10, 40, 99);
    const name = demo
      ? { firstNameKa: "ლუკა", firstNameEn: "Luka", lastNameKa: "მამულაშვილი", lastNameEn: "Mamulashvili" }
      : names(random);
    students.push({
      id,
      personalNumber: personalNumber(i, random),
      ...name,
      birthDate: birthDate(year, prog.level, random),
      email: demo
        ? "student@uni.test"
        : uniqueEmail(emails, name.firstNameEn, name.lastNameEn, "student.uni.test"),
      phone: phone(random),
      programId: prog.id,
      status,
      admissionYear: year,
      citizenship: demo ? "GE" : demoCitizenship(id),
      userId: demo ? DEMO_STUDENT_USER_ID : null,
    });
    plans.push({ completed, ability, language: random.int(0, structure.languageTracks.length - 1) });
  }
  return { students, plans };
}

/** Where the demo's foreign students come from, the neighbours first (as at Georgian universities). */
const FOREIGN = ["AZ", "AM", "UA", "TR", "IN", "AZ", "IL", "RU", "UA", "IN", "DE", "EG", "NG", "IR", "US"];

/**
 * About one student in nine is foreign, picked from the id alone (not the seed's random stream, so every other
 * demo value stays as it was): the same students on every machine.
 */
export function demoCitizenship(id: number): string {
  const spread = (id * 2_654_435_761) >>> 0;
  return spread % 9 === 4 ? FOREIGN[(spread >>> 8) % FOREIGN.length] : "GE";
}

/** A transcript entry's id: the semester, then the course, so a student's entries list in semester order. */
export const transcriptEntryId = (groupId: number, bookId: number) => `${pad(groupId, 3)}-${pad(bookId, 6)}`;

/** The courses a student takes in one semester: the final-year ones, then others up to ~30 ECTS. */
function semesterCourses(
  structure: Structure,
  student: Student,
  semester: number,
  language: number,
  random: Random,
) {
  const prog = structure.programs[student.programId - 1];
  const offered = structure.curricula.get(prog.id)?.[semester] ?? [];
  const chosen: number[] = [];
  let credits = 0;
  const books = structure.books;
  const take = (id: number) => {
    chosen.push(id);
    credits += books[id - 1].credit;
  };
  for (const id of offered) if (books[id - 1].nashromi_praqtika_type) take(id);
  const track = structure.languageTracks[language];
  if (prog.level === 1 && semester < track.length) take(track[semester]);
  for (const id of shuffle(random, offered.filter((id) => !books[id - 1].nashromi_praqtika_type))) {
    if (credits >= 25 || chosen.length >= 6) break;
    take(id);
  }
  return chosen;
}

/** The transcript of every student, entry by entry (points around the student's ability). */
export function* transcripts(
  structure: Structure,
  out: StudentsOut,
  random: Random,
): Generator<TranscriptEntry> {
  for (const [i, student] of out.students.entries()) {
    const plan = out.plans[i];
    for (let s = 0; s < plan.completed; s++) {
      const groupId = semesterGroupId(student.admissionYear, s);
      for (const bookId of semesterCourses(structure, student, s, plan.language, random)) {
        const points = Math.round(normal(random, plan.ability, 8, 0, 100));
        yield {
          id: transcriptEntryId(groupId, bookId),
          studentId: student.id,
          bookId,
          groupId,
          points,
          grade: gradeOf(points),
          credits: structure.books[bookId - 1].credit,
        };
      }
    }
  }
}

function names(random: Random) {
  const [firstNameKa, firstNameEn] = random.pick(random.next() < 0.5 ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
  const [lastNameKa, lastNameEn] = random.pick(LAST_NAMES);
  return { firstNameKa, firstNameEn, lastNameKa, lastNameEn };
}

function uniqueEmail(taken: Set<string>, first: string, last: string, domain: string): string {
  const base = `${first}.${last}`.toLowerCase();
  let email = `${base}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${base}${n}@${domain}`;
  taken.add(email);
  return email;
}

/** A mobile number as the services store it: +995 and nine digits, no spaces. */
function phone(random: Random): string {
  return `+9955${random.int(50, 99)}${pad(random.int(0, 999_999), 6)}`;
}

/** Region code, then 9 digits that a bijection of the index makes unique (3^18 is coprime with 10^9). */
const REGIONS = ["01", "01", "01", "01", "12", "18", "20", "33", "35", "45", "54", "59", "61"] as const;
function personalNumber(index: number, random: Random): string {
  return random.pick(REGIONS) + pad(((index + 7_919) * 387_420_489 + 104_729) % 1_000_000_000, 9);
}

const ADMISSION_AGE: Record<Level, readonly [number, number]> = {
  1: [17, 19],
  2: [21, 27],
  3: [23, 35],
  4: [17, 19],
  5: [18, 40],
  6: [23, 27],
};

function birthDate(admissionYear: number, level: Level, random: Random): string {
  const [min, max] = ADMISSION_AGE[level];
  return `${admissionYear - random.int(min, max)}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`;
}

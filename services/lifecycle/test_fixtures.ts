/**
 * A graduate with a long transcript, written straight into a :memory: KV (no seed): for the supplement's
 * unit test and the supplement benchmark (bench/admissions.ts).
 */
import type { Grade, RegistrationGroup, School, Student, TranscriptEntry } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { addProgram } from "../admissions/test_fixtures.ts";
import { gradeOf, transcriptTotalsEntry } from "../students/transcripts.ts";
import { changeStudentStatus } from "./status.ts";

const NAMES = [
  ["მათემატიკური ანალიზი", "Mathematical Analysis"],
  ["ქართული ენა და ლიტერატურა", "Georgian Language and Literature"],
  ["მონაცემთა სტრუქტურები", "Data Structures"],
  ["ეკონომიკის საფუძვლები", "Principles of Economics"],
  ["აკადემიური წერა", "Academic Writing"],
] as const;

/** Student `id` of program 1, graduated on 2026-07-01 with `courses` courses over eight semesters. */
export async function addGraduate(id: number, courses: number): Promise<Student> {
  const program = await addProgram(1);
  const school: School = {
    id: 1,
    nameKa: "ბიზნესის სკოლა",
    nameEn: "Business School",
    code: "BUS",
    deanHrId: null,
  };
  const student: Student = {
    id,
    personalNumber: String(10_000_000_000 + id),
    firstNameKa: "ნინო",
    lastNameKa: "ბერიძე",
    firstNameEn: "Nino",
    lastNameEn: "Beridze",
    birthDate: "2004-05-14",
    email: `graduate${id}@example.ge`,
    phone: "",
    programId: program.id,
    status: "active",
    admissionYear: 2022,
    userId: null,
  };
  const atomic = db().atomic().set(["schools", 1], school).set(["students", id], student);
  for (let g = 1; g <= 8; g++) {
    const year = 2022 + Math.floor((g - 1) / 2);
    const group: RegistrationGroup = {
      id: g,
      seasonYear: `${year}-${year + 1} ${g % 2 ? "autumn" : "spring"}`,
      comment: "",
      startDate: `${g % 2 ? year : year + 1}-${g % 2 ? "09" : "02"}-15`,
      endDate: `${g % 2 ? year + 1 : year + 1}-${g % 2 ? "01" : "06"}-30`,
    };
    atomic.set(["registration_groups", g], group);
  }
  await atomic.commit();
  const entries: TranscriptEntry[] = [];
  for (let i = 0; i < courses; i++) {
    const [ka, en] = NAMES[i % NAMES.length];
    const bookId = 1000 + i;
    await db().set(["books", bookId], {
      id: bookId,
      name: `${ka} ${i + 1}`,
      nameEng: `${en} ${i + 1}`,
      code: `C${100 + i}`,
    });
    const points = 55 + ((i * 37) % 45);
    const entry: TranscriptEntry = {
      id: `E${String(i).padStart(4, "0")}`,
      studentId: id,
      bookId,
      groupId: 1 + (i % 8),
      points,
      grade: gradeOf(points) as Grade,
      credits: 4,
    };
    entries.push(entry);
    await db().set(["transcripts", id, entry.id], entry);
  }
  const [key, totals] = transcriptTotalsEntry(id, entries);
  await db().set(key, totals);
  await changeStudentStatus(id, { action: "graduate", reason: "Completed", date: "2026-07-01" }, null);
  return (await db().get<Student>(["students", id])).value!;
}

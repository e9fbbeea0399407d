/**
 * The diploma supplement of a graduate: a bilingual (Georgian and English) PDF with the holder's personal
 * data, the qualification (program, level, school, credits), the full transcript by semester with credits,
 * points and grades, the GPA, and the grading scale; the page language only decides which language leads. Made
 * with pdf-lib, the self-hosted Georgian font embedded (pdf_text.ts).
 */
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import type { Program, School, Student } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { gpaFromTotals, GRADE_SCALE, totalsOf, transcriptBySemester } from "../students/transcripts.ts";
import { formatDisplayDate } from "../../utils/date_format.ts";
import { AppError, notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";
import { type Alumnus, alumnusKey } from "./status.ts";
import { drawText, embedFonts, fitted, type Fonts, type TextStyle, textWidth } from "./pdf_text.ts";

export interface SupplementCourse {
  code: string;
  name: { ka: string; en: string };
  credits: number;
  points: number;
  grade: string;
}

export interface SupplementData {
  student: Student;
  program: Program | null;
  school: School | null;
  graduation: { year: number; date: string } | null;
  semesters: { seasonYear: string; courses: SupplementCourse[] }[];
  gpa: number | null;
  credits: number;
  earned: number;
}

type Both = { ka: string; en: string };
const LEVELS: Record<number, Both> = {
  1: { ka: "ბაკალავრიატი", en: "Bachelor" },
  2: { ka: "მაგისტრატურა", en: "Master" },
  3: { ka: "დოქტორანტურა", en: "Doctoral" },
  4: { ka: "ერთსაფეხურიანი", en: "Single-cycle" },
  5: { ka: "პროფესიული", en: "Vocational" },
  6: { ka: "რეზიდენტურა", en: "Residency" },
};
const L = {
  title: { ka: "დიპლომის დანართი", en: "Diploma Supplement" },
  holder: { ka: "1. კვალიფიკაციის მფლობელი", en: "1. Holder of the qualification" },
  name: { ka: "სახელი, გვარი", en: "Name" },
  birthDate: { ka: "დაბადების თარიღი", en: "Date of birth" },
  personalNumber: { ka: "პირადი ნომერი", en: "Personal number" },
  studentId: { ka: "სტუდენტის ID", en: "Student ID" },
  qualification: { ka: "2. კვალიფიკაცია", en: "2. Qualification" },
  program: { ka: "პროგრამა", en: "Program" },
  level: { ka: "საფეხური", en: "Level" },
  school: { ka: "სკოლა", en: "School" },
  programCredits: { ka: "პროგრამის კრედიტები (ECTS)", en: "Program credits (ECTS)" },
  admitted: { ka: "ჩარიცხვის წელი", en: "Admitted" },
  graduated: { ka: "დამთავრების თარიღი", en: "Graduated on" },
  transcript: { ka: "3. აკადემიური მოსწრება", en: "3. Transcript of records" },
  code: { ka: "კოდი", en: "Code" },
  course: { ka: "საგანი", en: "Course" },
  credits: { ka: "კრედ.", en: "ECTS" },
  points: { ka: "ქულა", en: "Points" },
  grade: { ka: "შეფ.", en: "Grade" },
  totals: { ka: "4. შედეგი", en: "4. Result" },
  earned: { ka: "მიღებული კრედიტები", en: "Credits earned" },
  gpa: { ka: "GPA (4-ბალიანი)", en: "GPA (4-point)" },
  scale: { ka: "5. შეფასების სისტემა", en: "5. Grading scale" },
  page: { ka: "გვერდი", en: "Page" },
} satisfies Record<string, Both>;
const SCALE_NAMES: Record<string, Both> = {
  A: { ka: "ფრიადი", en: "Excellent" },
  B: { ka: "ძალიან კარგი", en: "Very good" },
  C: { ka: "კარგი", en: "Good" },
  D: { ka: "დამაკმაყოფილებელი", en: "Satisfactory" },
  E: { ka: "საკმარისი", en: "Sufficient" },
  FX: { ka: "ვერ ჩააბარა (ხელახალი გამოცდა)", en: "Fail (may resit)" },
  F: { ka: "ჩაიჭრა", en: "Fail" },
};

/** The graduate's supplement data; 404 for no such student, 409 `not_graduated` for one who is not a graduate. */
export async function supplementData(studentId: number): Promise<SupplementData> {
  const student = (await db().get<Student>(["students", studentId])).value;
  if (!student) throw notFound("students");
  if (student.status !== "graduated") {
    throw new AppError(409, "not_graduated", "lifecycle.errors.notGraduated");
  }
  const [program, graduatedIn, ka, en] = await Promise.all([
    db().get<Program>(["programs", student.programId]).then((e) => e.value),
    db().get<[number, number]>(["alumni_by_student", studentId]).then((e) => e.value),
    transcriptBySemester(studentId, "ka"),
    transcriptBySemester(studentId, "en"),
  ]);
  const school = program ? (await db().get<School>(["schools", program.schoolId])).value : null;
  const alumnus = graduatedIn
    ? (await db().get<Alumnus>(alumnusKey(graduatedIn[0], graduatedIn[1], studentId))).value
    : null;
  const english = new Map(en.flatMap((s) => s.entries).map((e) => [e.id, e.courseName]));
  const entries = ka.flatMap((s) => s.entries);
  const totals = totalsOf(entries);
  return {
    student,
    program,
    school,
    graduation: alumnus ? { year: alumnus.year, date: alumnus.date } : null,
    semesters: ka.map((s) => ({
      seasonYear: s.seasonYear,
      courses: s.entries.map((e) => ({
        code: e.courseCode,
        name: { ka: e.courseName, en: english.get(e.id) ?? e.courseName },
        credits: e.credits,
        points: e.points,
        grade: e.grade,
      })),
    })),
    gpa: gpaFromTotals(totals),
    credits: totals.credits,
    earned: totals.earned,
  };
}

export async function supplementPdf(studentId: number, lang: Lang): Promise<Uint8Array> {
  return await renderSupplement(await supplementData(studentId), lang);
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const GRAY = rgb(0.4, 0.4, 0.4);
const LINE = rgb(0.8, 0.8, 0.8);

/** A4 pages filled top-down; a new page starts when the next line would not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(private doc: PDFDocument, readonly fonts: Fonts) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.pages.push(this.page);
    this.y = PAGE[1] - MARGIN;
  }
  need(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }
  text(text: string, x: number, style: TextStyle) {
    drawText(this.page, this.fonts, text, x, this.y, style);
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 3 },
      end: { x: PAGE[0] - MARGIN, y: this.y + 3 },
      thickness: 0.5,
      color: LINE,
    });
  }
}

/** The PDF of `data`; `lang` leads each bilingual label. */
export async function renderSupplement(data: SupplementData, lang: Lang): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const both = (b: Both) => lang === "en" ? `${b.en} / ${b.ka}` : `${b.ka} / ${b.en}`;
  const lead = (b: Both) => lang === "en" ? b.en : b.ka;
  const { student, program, school } = data;
  doc.setTitle(`${L.title.en} — ${student.firstNameEn} ${student.lastNameEn}`);
  doc.setLanguage(lang === "en" ? "en" : "ka");
  doc.setCreator("UniAdmin");
  doc.setProducer("UniAdmin (pdf-lib)");

  const w = new Writer(doc, fonts);
  const width = PAGE[0] - 2 * MARGIN;
  w.text(both(L.title), MARGIN, { size: 17, bold: true });
  w.y -= 16;
  if (school) w.text(both({ ka: school.nameKa, en: school.nameEn }), MARGIN, { size: 10, color: GRAY });
  w.y -= 24;

  const heading = (b: Both) => {
    w.need(40);
    w.text(both(b), MARGIN, { size: 12, bold: true });
    w.y -= 6;
    w.rule();
    w.y -= 12;
  };
  const field = (label: Both, value: string) => {
    w.need(14);
    w.text(both(label), MARGIN, { size: 9, color: GRAY });
    w.text(value, MARGIN + 250, { size: 9.5 });
    w.y -= 14;
  };

  heading(L.holder);
  field(
    L.name,
    `${student.firstNameKa} ${student.lastNameKa} / ${student.firstNameEn} ${student.lastNameEn}`,
  );
  field(L.birthDate, formatDisplayDate(student.birthDate));
  field(L.personalNumber, student.personalNumber);
  field(L.studentId, String(student.id));
  w.y -= 8;

  heading(L.qualification);
  if (program) {
    field(L.program, both({ ka: program.nameKa, en: program.nameEn }));
    field(L.level, both(LEVELS[program.level] ?? { ka: String(program.level), en: String(program.level) }));
    field(L.programCredits, String(program.credits));
  }
  if (school) field(L.school, both({ ka: school.nameKa, en: school.nameEn }));
  field(L.admitted, String(student.admissionYear));
  if (data.graduation) field(L.graduated, formatDisplayDate(data.graduation.date));
  w.y -= 8;

  heading(L.transcript);
  const columns = {
    code: MARGIN,
    course: MARGIN + 62,
    credits: MARGIN + width - 120,
    points: MARGIN + width - 75,
    grade: MARGIN + width - 30,
  };
  const courseWidth = columns.credits - columns.course - 8;
  const header = () => {
    const style = { size: 8, bold: true, color: GRAY };
    w.text(lead(L.code), columns.code, style);
    w.text(lead(L.course), columns.course, style);
    w.text(lead(L.credits), columns.credits, style);
    w.text(lead(L.points), columns.points, style);
    w.text(lead(L.grade), columns.grade, style);
    w.y -= 12;
  };
  header();
  const rowStyle = { size: 8.5 };
  for (const semester of data.semesters) {
    w.need(28);
    w.text(semester.seasonYear || "—", MARGIN, { size: 9, bold: true });
    w.y -= 12;
    for (const course of semester.courses) {
      if (w.y - 22 < MARGIN + 20) {
        w.newPage();
        header();
      }
      w.text(fitted(fonts, course.code, rowStyle, 58), columns.code, rowStyle);
      w.text(fitted(fonts, lead(course.name), rowStyle, courseWidth), columns.course, rowStyle);
      const other = lang === "en" ? course.name.ka : course.name.en;
      w.text(String(course.credits), columns.credits, rowStyle);
      w.text(String(course.points), columns.points, rowStyle);
      w.text(course.grade, columns.grade, { ...rowStyle, bold: true });
      w.y -= 10;
      if (other !== lead(course.name)) {
        w.text(fitted(fonts, other, { size: 7.5 }, courseWidth), columns.course, { size: 7.5, color: GRAY });
        w.y -= 11;
      } else w.y -= 2;
    }
    w.y -= 4;
  }
  w.y -= 6;

  heading(L.totals);
  field(L.earned, `${data.earned} / ${data.credits}`);
  field(L.gpa, data.gpa === null ? "—" : data.gpa.toFixed(2));
  w.y -= 8;

  heading(L.scale);
  let from = 100;
  for (const band of GRADE_SCALE) {
    w.need(13);
    const name = SCALE_NAMES[band.grade];
    w.text(band.grade, MARGIN, { size: 9, bold: true });
    w.text(`${band.minPoints}–${from}`, MARGIN + 30, { size: 9 });
    w.text(both(name), MARGIN + 90, { size: 9 });
    w.text((band.points10 / 10).toFixed(1), MARGIN + width - 20, { size: 9 });
    from = band.minPoints - 1;
    w.y -= 13;
  }

  for (const [i, page] of w.pages.entries()) {
    const label = `${lead(L.page)} ${i + 1} / ${w.pages.length}`;
    drawText(page, fonts, label, PAGE[0] - MARGIN - textWidth(fonts, label, { size: 8 }), MARGIN - 10, {
      size: 8,
      color: GRAY,
    });
  }
  return await doc.save();
}

import { citizenshipChoices, citizenshipOf } from "../../services/students/citizenship.ts";
import { localName, otherScriptName, studentName } from "../../components/students/labels.ts";
import { StudentHistory } from "../../components/students/student_history.tsx";
import { StudentProfileCard } from "../../components/students/student_profile.tsx";
import { TranscriptView } from "../../components/students/transcript_view.tsx";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { StudentForm } from "../../islands/students/form.tsx";
import { StudentQr } from "../../islands/students/qr.tsx";
import { studentStructure } from "../../services/students/list_index.ts";
import type { Structure } from "../../services/students/structure.ts";
import { lastAdmissionYear } from "../../services/students/rules.ts";
import {
  studentHistory,
  type StudentHistoryEntry,
  type StudentProfile,
  studentProfile,
  STUDENTS,
} from "../../services/students/mod.ts";
import { forbidden, notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";
import { historySeenWith, studentFieldsSeenBy } from "../../services/students/personal.ts";
import { PERSONAL_FIELDS, withoutHiddenPersonal } from "../../services/identity/personal_data.ts";

/** Staff with `menu.students` see any student; a student sees their own page (their profile, from the user menu). */
export const meta: RouteMeta = { titleKey: "students.studentTitle" };

const mayView = (state: AppState, id: number) =>
  state.auth.can("menu.students") || (state.identity !== null && state.identity.user.studentId === id);

interface StudentPage {
  profile: StudentProfile;
  history: StudentHistoryEntry[];
  structure: Structure;
  /** Personal fields the viewer may not see: the edit form neither shows nor changes them. */
  hidden: string[];
}

/** One student: profile, transcript by semester and change history. */
export const handler: Handlers<StudentPage, AppState> = {
  async GET({ params, state, render }) {
    const id = Number(params.id);
    if (!/^\d{1,15}$/.test(params.id) || !Number.isSafeInteger(id)) throw notFound(STUDENTS);
    if (!mayView(state, id)) throw forbidden();
    const [profile, structure] = await Promise.all([studentProfile(id, state.lang), studentStructure()]);
    if (!profile) throw notFound(STUDENTS);
    const visible = studentFieldsSeenBy(state.auth, state.identity!.user, profile.student);
    return render({
      profile: {
        ...profile,
        student: withoutHiddenPersonal(
          { ...profile.student, citizenship: citizenshipOf(profile.student) },
          visible,
        ),
      },
      history: historySeenWith(await studentHistory(id, state.lang), visible),
      structure,
      hidden: PERSONAL_FIELDS.filter((f) => !visible.has(f)),
    });
  },
};

const SECTION_TITLE = "mb-3 text-lg font-semibold";

export default function StudentPage({ data, state }: PageProps<StudentPage, AppState>) {
  const { t, lang, auth } = state;
  const { profile, structure } = data;
  // A student reading their own page sees their profile and transcript, not the registry's tools and audit.
  const staff = auth.can("menu.students");
  const s = profile.student;
  const courseCodes = new Map(
    profile.semesters.flatMap((sem) => sem.entries.map((e) => [e.bookId, e.courseCode])),
  );
  const programLabel = (p: { code: string; nameKa: string; nameEn: string }) =>
    `${p.code} — ${localName(p, lang)}`;
  return (
    <article class="space-y-8">
      <header class="flex flex-wrap items-start justify-between gap-4">
        <div>
          {staff && (
            <a href="/students" class="text-sm text-primary-700 hover:underline">
              ← {t("students.backToList")}
            </a>
          )}
          <h1 class="mt-1 text-2xl font-semibold" data-testid="student-name">{studentName(s, lang)}</h1>
          <p class="text-sm text-gray-600" lang={lang === "en" ? "ka" : "en"}>{otherScriptName(s, lang)}</p>
        </div>
        <div class="flex flex-wrap gap-2">
          {staff && <StudentQr studentId={s.id} name={studentName(s, lang)} />}
          {auth.can("menu.students.edit") && (
            <StudentForm
              mode="edit"
              studentId={s.id}
              versionstamp={profile.versionstamp}
              maxYear={lastAdmissionYear()}
              programs={structure.programList
                .filter((p) => p.status === "active" || p.id === s.programId)
                .map((p) => ({ value: String(p.id), label: programLabel(p) }))}
              hidden={data.hidden}
              countries={citizenshipChoices(lang, s.citizenship)}
              initial={{
                personalNumber: s.personalNumber ?? "",
                lastNameKa: s.lastNameKa,
                firstNameKa: s.firstNameKa,
                lastNameEn: s.lastNameEn,
                firstNameEn: s.firstNameEn,
                birthDate: s.birthDate ?? "",
                email: s.email,
                phone: s.phone ?? "",
                programId: String(s.programId),
                status: s.status,
                admissionYear: String(s.admissionYear),
                citizenship: s.citizenship ?? "",
              }}
            />
          )}
        </div>
      </header>
      <section aria-labelledby="student-profile-title">
        <h2 id="student-profile-title" class={SECTION_TITLE}>{t("students.profile")}</h2>
        <StudentProfileCard profile={profile} t={t} lang={lang} />
      </section>
      <section aria-labelledby="student-transcript-title">
        <h2 id="student-transcript-title" class={SECTION_TITLE}>{t("students.transcript.title")}</h2>
        <TranscriptView semesters={profile.semesters} t={t} />
      </section>
      {staff && (
        <section aria-labelledby="student-history-title" data-testid="student-history">
          <h2 id="student-history-title" class={SECTION_TITLE}>{t("students.history.title")}</h2>
          <StudentHistory
            entries={data.history}
            courseCodes={courseCodes}
            programCodes={new Map(structure.programList.map((p) => [p.id, p.code]))}
            t={t}
            lang={lang}
          />
        </section>
      )}
    </article>
  );
}

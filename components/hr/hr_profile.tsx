import { semesterName } from "../../utils/semester_name.ts";
import type { ComponentChildren } from "preact";
import type { Lang, Translate } from "../../utils/i18n.ts";
import { formatPhone, type HrRowData, namesOf } from "./hr_row.ts";

export interface TaughtCourse {
  bookId: number;
  name: string;
  code: string;
  lessons: { weekday: number; time: string; type: string; auditorium: string }[];
}

export interface HrProfileData {
  person: HrRowData;
  /** The linked sign-in account, named in the interface language. */
  account: { name: string; email: string } | null;
  /** Academic staff: this semester's courses from the timetable; null for administrative staff. */
  teaching: { season: string | null; courses: TaughtCourse[] } | null;
  /** The viewer is this person. */
  own: boolean;
}

/** A person's HR profile: names in both scripts, position, school, contacts, account, and what they teach. */
export function HrProfile(
  { data, t, lang, actions }: { data: HrProfileData; t: Translate; lang: Lang; actions?: ComponentChildren },
) {
  const { person, account, teaching } = data;
  const names = namesOf(person, lang);
  const row = (label: string, value: ComponentChildren) => (
    <div class="grid gap-1 py-2 sm:grid-cols-3">
      <dt class="text-sm text-gray-500">{label}</dt>
      <dd class="text-sm text-gray-900 sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <section class="max-w-4xl space-y-6" data-testid="hr-profile">
      <header class="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 class="text-2xl font-semibold">{names.main}</h1>
          <p class="text-gray-600" lang={lang === "en" ? "ka" : "en"}>{names.other}</p>
          <p class="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <span class="rounded bg-primary-50 px-2 py-0.5 font-medium text-primary-800">
              {t(`hr.kind.${person.kind}`)}
            </span>
            <span>{person.position}</span>
            {data.own && <span class="text-gray-500">· {t("hr.yourProfile")}</span>}
          </p>
        </div>
        {actions}
      </header>
      <div class="rounded-lg border border-gray-200 bg-white px-5 py-3">
        <h2 class="sr-only">{t("hr.details")}</h2>
        <dl class="divide-y divide-gray-100">
          {row(t("hr.nameKa"), <span lang="ka">{person.firstNameKa} {person.lastNameKa}</span>)}
          {row(t("hr.nameEn"), <span lang="en">{person.firstNameEn} {person.lastNameEn}</span>)}
          {row(t("hr.position"), person.position)}
          {row(t("hr.school"), person.schoolName ?? "—")}
          {row(
            t("hr.email"),
            <a href={`mailto:${person.email}`} class="text-primary-700 hover:underline">{person.email}</a>,
          )}
          {person.phone !== undefined && row(t("hr.phone"), person.phone ? formatPhone(person.phone) : "—")}
          {row(t("hr.linkedAccount"), account ? `${account.name} (${account.email})` : t("hr.noAccount"))}
        </dl>
      </div>
      {teaching && (
        <section class="space-y-3" aria-labelledby="hr-teaching">
          <div>
            <h2 id="hr-teaching" class="text-lg font-semibold">{t("hr.teaching")}</h2>
            <p class="text-sm text-gray-600">
              {teaching.season === null
                ? t("hr.noSemester")
                : t("hr.semester", { season: semesterName(teaching.season, t) })}
            </p>
          </div>
          {teaching.season !== null && teaching.courses.length === 0 && (
            <p class="rounded-lg border border-gray-200 bg-white px-5 py-6 text-center text-sm text-gray-500">
              {t("hr.noTeaching")}
            </p>
          )}
          {teaching.courses.length > 0 && (
            <ul
              class="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
              data-testid="hr-teaching"
            >
              {teaching.courses.map((course) => (
                <li key={course.bookId} class="px-5 py-3">
                  <p class="font-medium">
                    {course.name} <span class="font-mono text-xs text-gray-500">{course.code}</span>
                  </p>
                  <ul class="mt-1 space-y-0.5 text-sm text-gray-700">
                    {course.lessons.map((lesson, i) => (
                      <li key={i}>
                        {t("hr.lessonLine", {
                          weekday: t(`timetableAdmin.weekday.${lesson.weekday}`),
                          time: lesson.time,
                          type: t(`timetableAdmin.type.${lesson.type}`),
                          auditorium: lesson.auditorium,
                        })}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}

import type { ComponentChildren } from "preact";
import type { StudentProfile } from "../../services/students/mod.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import { formatDisplayDate } from "../ui/mod.ts";
import { formatGpa, localName, statusBadgeClass } from "./labels.ts";
import { citizenshipName } from "../../services/students/citizenship.ts";

export interface StudentProfileCardProps {
  profile: StudentProfile;
  t: Translate;
  lang: Lang;
}

function Item({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="flex flex-col gap-0.5">
      <dt class="text-xs font-medium tracking-wide text-gray-500 uppercase">{label}</dt>
      <dd class="text-gray-900">{children}</dd>
    </div>
  );
}

/** Every field of the student, with program, school and the transcript's totals. */
export function StudentProfileCard({ profile, t, lang }: StudentProfileCardProps) {
  const { student: s, program, school } = profile;
  const field = (name: string) => t(`students.fields.${name}`);
  return (
    <dl class="grid gap-x-6 gap-y-3 rounded-lg border border-gray-200 bg-white p-5 text-sm sm:grid-cols-2 lg:grid-cols-3">
      <Item label={field("id")}>{s.id}</Item>
      {s.personalNumber !== undefined && (
        <Item label={field("personalNumber")}>
          <span class="tabular-nums">{s.personalNumber}</span>
        </Item>
      )}
      <Item label={field("nameKa")}>
        <span lang="ka">{s.firstNameKa} {s.lastNameKa}</span>
      </Item>
      <Item label={field("nameEn")}>
        <span lang="en">{s.firstNameEn} {s.lastNameEn}</span>
      </Item>
      {s.birthDate !== undefined && <Item label={field("birthDate")}>{formatDisplayDate(s.birthDate)}</Item>}
      <Item label={field("email")}>
        <a href={`mailto:${s.email}`} class="text-primary-700 hover:underline">{s.email}</a>
      </Item>
      {s.phone !== undefined && <Item label={field("phone")}>{s.phone || "—"}</Item>}
      {s.citizenship !== undefined && (
        <Item label={field("citizenship")}>{citizenshipName(s.citizenship, lang)}</Item>
      )}
      <Item label={field("school")}>{school ? localName(school, lang) : "—"}</Item>
      <Item label={field("program")}>{program ? `${program.code} — ${localName(program, lang)}` : "—"}</Item>
      <Item label={field("status")}>
        <span class={statusBadgeClass(s.status)}>{t(`students.status.${s.status}`)}</span>
      </Item>
      <Item label={field("admissionYear")}>{s.admissionYear}</Item>
      <Item label={field("gpa")}>
        <span data-testid="student-gpa">{formatGpa(profile.gpa)}</span>
      </Item>
      <Item label={field("credits")}>
        {t("students.creditsOf", { earned: profile.earned, credits: profile.credits })}
      </Item>
    </dl>
  );
}

import { LanguageLinks } from "../../components/language_links.tsx";
import { statusBadgeClass } from "../../components/students/labels.ts";
import type { Handlers, PageProps, RouteConfig, RouteMeta } from "../../framework/types.ts";
import type { Program, StudentStatus } from "../../services/academic/model.ts";
import { getRecord } from "../../services/db/reads.ts";
import { verifyStudentCard } from "../../services/students/qr.ts";
import { getStudent } from "../../services/students/mod.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "students.card.title" };
/** Public (SPEC §2.1), opened from a QR code: outside the shell, with no script at all. */
export const config: RouteConfig = { skipInheritedLayouts: true };

/** Only what a card may show: the name in both scripts, the program and the status. Nothing more. */
interface Card {
  nameKa: string;
  nameEn: string;
  programKa: string;
  programEn: string;
  status: StudentStatus;
}

export const handler: Handlers<Card | null, AppState> = {
  async GET({ params, render }) {
    const studentId = await verifyStudentCard(params.token);
    const student = studentId === null ? null : (await getStudent(studentId))?.value;
    // A bad signature, an expired card and a removed student look the same: nothing to show.
    if (!student) return render(null, { status: 404, headers: { "x-robots-tag": "noindex" } });
    const program = (await getRecord<Program>("programs", student.programId))?.value;
    return render({
      nameKa: `${student.firstNameKa} ${student.lastNameKa}`,
      nameEn: `${student.firstNameEn} ${student.lastNameEn}`,
      programKa: program?.nameKa ?? "",
      programEn: program?.nameEn ?? "",
      status: student.status,
    }, { headers: { "x-robots-tag": "noindex", "referrer-policy": "no-referrer" } });
  },
};

export default function StudentCard({ data, state, url }: PageProps<Card | null, AppState>) {
  const { t, lang } = state;
  return (
    <main class="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <div class="w-full max-w-md">
        <div class="mb-4 flex items-center justify-between">
          <span class="text-lg font-semibold text-primary-800">{t("app.name")}</span>
          <LanguageLinks current={lang} next={url.pathname} label={t("shell.language")} />
        </div>
        {data
          ? (
            <section
              class="rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
              data-testid="student-card"
            >
              <h1 class="text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {t("students.card.title")}
              </h1>
              <p class="mt-3 text-2xl font-semibold" lang="ka">{data.nameKa}</p>
              <p class="text-lg text-gray-700" lang="en">{data.nameEn}</p>
              <dl class="mt-5 space-y-3 text-sm">
                <div>
                  <dt class="text-gray-500">{t("students.fields.program")}</dt>
                  <dd class="font-medium">{lang === "en" ? data.programEn : data.programKa}</dd>
                </div>
                <div>
                  <dt class="text-gray-500">{t("students.fields.status")}</dt>
                  <dd>
                    <span class={statusBadgeClass(data.status)}>{t(`students.status.${data.status}`)}</span>
                  </dd>
                </div>
              </dl>
            </section>
          )
          : (
            <section
              role="alert"
              class="rounded-lg border border-red-200 bg-white p-6 shadow-sm"
              data-testid="student-card-invalid"
            >
              <h1 class="text-lg font-semibold text-danger-700">{t("students.card.invalidTitle")}</h1>
              <p class="mt-2 text-sm text-gray-700">{t("students.card.invalid")}</p>
            </section>
          )}
      </div>
    </main>
  );
}

import { StateBadge } from "../../components/admissions/state_badge.tsx";
import { Button, NumberInput, Select, Textarea } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { decideApplication, getApplication } from "../../services/admissions/applications.ts";
import { enrolApplication } from "../../services/admissions/enrol.ts";
import { citizenshipChoices, programChoices } from "../../services/admissions/form.ts";
import {
  type Application,
  DECIDABLE_FROM,
  type Decision,
  DECISIONS,
} from "../../services/admissions/model.ts";
import { admissionYearOf } from "../../services/admissions/rules.ts";
import { now } from "../../services/academic/clock.ts";
import { visiblePersonalFields } from "../../services/identity/personal_data.ts";
import { AppError, forbidden, notFound } from "../../utils/errors.ts";
import { formatDisplayDate, formatDisplayDateTime } from "../../utils/date_format.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "admissions.page.title", permission: "menu.admissions" };

const DECIDE = "menu.admissions.decide";

interface ApplicationData {
  application: Application;
  versionstamp: string;
  programName: string;
  citizenshipName: string;
  admissionYear: number;
  /** A refused action's message, and its field errors, in the page's language. */
  alert: string | null;
  errors: Record<string, string>;
  saved: boolean;
}

async function load(id: string, state: AppState): Promise<ApplicationData> {
  if (!/^\d{1,9}$/.test(id)) throw notFound("applications");
  const { application, versionstamp } = await getApplication(Number(id));
  const programs = await programChoices(state.lang);
  return {
    application,
    versionstamp,
    programName: programs.find((p) => p.value === String(application.programId))?.label ??
      String(application.programId),
    citizenshipName: citizenshipChoices(state.lang).find((c) => c.value === application.citizenship)?.label ??
      application.citizenship,
    admissionYear: admissionYearOf(now()),
    alert: null,
    errors: {},
    saved: false,
  };
}

/** One application: the applicant, the documents (staff only), the history, and the next decision. */
export const handler: Handlers<ApplicationData, AppState> = {
  async GET({ params, url, state, render }) {
    return render({ ...(await load(params.id, state)), saved: url.searchParams.has("saved") });
  },
  async POST({ req, params, state, render }) {
    if (!state.auth.can(DECIDE)) throw forbidden();
    const data = await load(params.id, state);
    const form = await req.formData().catch(() => new FormData());
    const text = (name: string) => String(form.get(name) ?? "").slice(0, 1000);
    const actor = state.identity!.user.id;
    try {
      if (text("action") === "enrol") {
        const year = Number(text("admissionYear"));
        await enrolApplication(data.application.id, {
          admissionYear: year,
          versionstamp: text("versionstamp"),
        }, actor);
      } else {
        const decision = text("decision") as Decision;
        if (!DECISIONS.includes(decision)) {
          throw new AppError(422, "invalid", "errors.invalid", {
            fields: { decision: { key: "errors.invalidChoice" } },
          });
        }
        await decideApplication(data.application.id, {
          decision,
          reason: text("reason"),
          versionstamp: text("versionstamp"),
        }, actor);
      }
      return new Response(null, {
        status: 303,
        headers: { location: `/admissions/${data.application.id}?saved` },
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const fields = e.options.fields ?? {};
      return render({
        ...data,
        alert: state.t(e.messageKey, e.options.params),
        errors: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, state.t(f.key, f.params)])),
      }, { status: e.status });
    }
  },
};

export default function ApplicationPage({ data, state }: PageProps<ApplicationData, AppState>) {
  const { t } = state;
  const a = data.application;
  const canDecide = state.auth.can(DECIDE);
  // Personal numbers, birth dates, citizenship and phones only for holders of their keys.
  const shown = visiblePersonalFields(state.auth);
  const decisions = DECISIONS.filter((d) => DECIDABLE_FROM[d].includes(a.state));
  const row = (label: string, value: string) => (
    <div class="grid grid-cols-3 gap-2 py-1">
      <dt class="text-gray-600">{label}</dt>
      <dd class="col-span-2">{value}</dd>
    </div>
  );
  return (
    <section class="space-y-4">
      <a href="/admissions" class="text-sm text-primary-700 underline">{t("admissions.detail.back")}</a>
      <h1 class="flex items-center gap-3 text-xl font-semibold">
        {t("admissions.detail.title", { reference: a.reference })} <StateBadge state={a.state} t={t} />
      </h1>
      {data.saved && <p role="status" class="text-sm text-green-800">{t("admissions.detail.done")}</p>}
      {data.alert && (
        <p role="alert" class="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {data.alert}
        </p>
      )}
      <div class="grid gap-4 lg:grid-cols-2">
        <div class="rounded-lg border border-gray-200 bg-white p-4">
          <h2 class="mb-2 font-semibold">{t("admissions.detail.applicant")}</h2>
          <dl class="text-sm">
            {row(
              t("admissions.page.name"),
              `${a.firstNameKa} ${a.lastNameKa} / ${a.firstNameEn} ${a.lastNameEn}`,
            )}
            {shown.has("personalNumber") && row(t("admissions.fields.personalNumber"), a.personalNumber)}
            {shown.has("birthDate") && row(t("admissions.fields.birthDate"), formatDisplayDate(a.birthDate))}
            {shown.has("citizenship") && row(t("admissions.fields.citizenship"), data.citizenshipName)}
            {row(t("admissions.fields.email"), a.email)}
            {shown.has("phone") && row(t("admissions.fields.phone"), a.phone)}
            {row(t("admissions.fields.programId"), data.programName)}
            {row(t("admissions.page.submitted"), formatDisplayDateTime(a.submittedAt))}
          </dl>
          {a.studentId !== null && (
            <p class="mt-3 text-sm">
              {t("admissions.detail.enrolled")}{" "}
              <a class="text-primary-700 underline" href={`/students/${a.studentId}`}>{a.studentId}</a>
            </p>
          )}
        </div>
        <div class="space-y-4">
          <div class="rounded-lg border border-gray-200 bg-white p-4">
            <h2 class="mb-2 font-semibold">{t("admissions.detail.documents")}</h2>
            <ul class="space-y-1 text-sm">
              {a.documents.map((d) => (
                <li key={d.kind}>
                  {t(`admissions.fields.${d.kind}`)}:{" "}
                  <a
                    class="text-primary-700 underline"
                    href={`/api/applications/${a.id}/documents/${d.kind}`}
                    target="_blank"
                    rel="noopener"
                  >
                    {d.name}
                  </a>{" "}
                  <span class="text-gray-500">({Math.ceil(d.size / 1024)} KB)</span>
                </li>
              ))}
            </ul>
          </div>
          <div class="rounded-lg border border-gray-200 bg-white p-4">
            <h2 class="mb-2 font-semibold">{t("admissions.detail.history")}</h2>
            <ol class="space-y-1 text-sm">
              {a.history.map((step, i) => (
                <li key={i}>
                  {formatDisplayDateTime(step.at)} — {t(`admissions.states.${step.state}`)}
                  {step.by === null ? ` (${t("admissions.detail.byApplicant")})` : ""}
                  {step.reason ? `: ${step.reason}` : ""}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
      {canDecide && decisions.length > 0 && (
        <form method="post" class="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
          <h2 class="font-semibold">{t("admissions.detail.decide")}</h2>
          <input type="hidden" name="action" value="decide" />
          <input type="hidden" name="versionstamp" value={data.versionstamp} />
          <Select
            id="decision"
            name="decision"
            label={t("admissions.fields.decision")}
            options={decisions.map((d) => ({ value: d, label: t(`admissions.detail.${decisionLabel(d)}`) }))}
            error={data.errors.decision}
          />
          <Textarea
            id="decision-reason"
            name="reason"
            label={t("admissions.fields.reason")}
            hint={t("admissions.detail.reasonHint")}
            error={data.errors.reason}
            rows={2}
          />
          <Button type="submit">{t("admissions.detail.save")}</Button>
        </form>
      )}
      {canDecide && a.state === "accepted" && (
        <form
          method="post"
          class="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
        >
          <input type="hidden" name="action" value="enrol" />
          <input type="hidden" name="versionstamp" value={data.versionstamp} />
          <NumberInput
            id="enrol-year"
            name="admissionYear"
            label={t("admissions.fields.admissionYear")}
            value={String(data.admissionYear)}
            error={data.errors.admissionYear}
          />
          <Button type="submit">{t("admissions.detail.enrol")}</Button>
        </form>
      )}
      {decisions.length === 0 && a.state !== "accepted" && (
        <p class="text-sm text-gray-600">{t("admissions.detail.noActions")}</p>
      )}
    </section>
  );
}

const decisionLabel = (d: Decision) => d === "checked" ? "check" : d === "accepted" ? "accept" : "reject";

import { LanguageLinks } from "../components/language_links.tsx";
import { OnlineRegisterForm } from "../components/admissions/online_register_form.tsx";
import type { Handlers, PageProps, RouteConfig, RouteMeta } from "../framework/types.ts";
import { clientInfo } from "../http/session_cookie.ts";
import { submitApplication } from "../services/admissions/applications.ts";
import { DOCUMENT_MAX_BYTES } from "../services/admissions/documents.ts";
import {
  type Choice,
  choicesVersion,
  citizenshipChoices,
  programChoices,
} from "../services/admissions/form.ts";
import { DOCUMENT_KINDS } from "../services/admissions/model.ts";
import type { ApplicantForm } from "../services/admissions/rules.ts";
import { chargeSubmission } from "../services/admissions/throttle.ts";
import { AppError } from "../utils/errors.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "routes.onlineRegister" };
/** A public page (SPEC §2.1): outside the shell, and with no script at all — the form is a plain POST. */
export const config: RouteConfig = { skipInheritedLayouts: true };

interface OnlineRegisterData {
  values: ApplicantForm & { consent: boolean };
  errors: Record<string, string>;
  /** A message about the whole form (too many submissions, the form is too large). */
  alert: string | null;
  programs: Choice[];
  citizenships: Choice[];
  /** Set once the application is stored. */
  done: { reference: string; updated: boolean } | null;
}

const FIELDS: (keyof ApplicantForm)[] = [
  "firstNameKa",
  "lastNameKa",
  "firstNameEn",
  "lastNameEn",
  "personalNumber",
  "birthDate",
  "citizenship",
  "email",
  "phone",
  "programId",
];
const FIELD_MAX = 300;

const emptyValues = (): OnlineRegisterData["values"] => ({
  ...Object.fromEntries(FIELDS.map((f) => [f, ""])) as ApplicantForm,
  citizenship: "GE",
  consent: false,
});

async function page(state: AppState, values = emptyValues()): Promise<OnlineRegisterData> {
  return {
    values,
    errors: {},
    alert: null,
    programs: await programChoices(state.lang),
    citizenships: citizenshipChoices(state.lang),
    done: null,
  };
}

export const handler: Handlers<OnlineRegisterData, AppState> = {
  async GET({ state, render }) {
    const data = await page(state);
    // The blank form is the same for everyone: it is rendered once per language and list of programs.
    return render(data, { sameForEveryone: `programs ${choicesVersion(data.programs)}` });
  },
  async POST({ req, state, render, remoteAddr }) {
    const data = await page(state);
    try {
      await chargeSubmission(clientInfo(req, remoteAddr).ip);
      const form = await req.formData().catch(() => {
        throw new AppError(400, "bad_request", "admissions.errors.unreadableForm");
      });
      for (const field of FIELDS) {
        const value = form.get(field);
        data.values[field] = typeof value === "string" ? value.slice(0, FIELD_MAX) : "";
      }
      data.values.consent = form.get("consent") === "yes";
      const files = [];
      for (const kind of DOCUMENT_KINDS) {
        const file = form.get(kind);
        // A file input left empty still posts a part, with no name and no bytes.
        if (file instanceof File && (file.size > 0 || file.name)) {
          files.push({ kind, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
        }
      }
      data.done = await submitApplication({
        form: data.values,
        consent: data.values.consent,
        files,
        lang: state.lang,
      });
      return render(data, { status: 201 });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const fields = e.options.fields ?? {};
      data.errors = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, state.t(f.key, f.params)]));
      if (!e.options.fields) data.alert = state.t(e.messageKey, e.options.params);
      const headers = new Headers();
      if (e.options.retryAfter) headers.set("retry-after", String(e.options.retryAfter));
      return render(data, { status: e.status, headers });
    }
  },
};

export default function OnlineRegister({ data, state, url }: PageProps<OnlineRegisterData, AppState>) {
  const { t } = state;
  return (
    <main class="min-h-screen bg-gray-50 p-4">
      <div class="mx-auto w-full max-w-3xl space-y-4">
        <div class="flex items-center justify-between">
          <span class="text-xl font-semibold text-primary-800">{t("app.name")}</span>
          <LanguageLinks current={state.lang} next={url.pathname} label={t("shell.language")} />
        </div>
        <h1 class="text-2xl font-semibold">{t("routes.onlineRegister")}</h1>
        {data.done
          ? (
            <section
              role="status"
              id="apply-done"
              class="space-y-2 rounded-lg border border-green-200 bg-green-50 p-6 text-green-900"
            >
              <p>{t(data.done.updated ? "admissions.form.updated" : "admissions.form.received")}</p>
              <p>
                {t("admissions.form.reference")}{" "}
                <strong id="apply-reference" class="font-mono text-lg">{data.done.reference}</strong>
              </p>
              <p class="text-sm">{t("admissions.form.keepReference")}</p>
            </section>
          )
          : (
            <>
              <p class="text-gray-700">{t("admissions.form.intro")}</p>
              {data.alert && (
                <p
                  role="alert"
                  class="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {data.alert}
                </p>
              )}
              <OnlineRegisterForm
                t={state.t}
                values={data.values}
                errors={data.errors}
                programs={data.programs}
                citizenships={data.citizenships}
                maxMegabytes={DOCUMENT_MAX_BYTES / 1024 / 1024}
              />
            </>
          )}
      </div>
    </main>
  );
}

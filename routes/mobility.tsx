import { formErrors } from "../components/lifecycle/form_errors.ts";
import {
  Button,
  CONTROL_CLASS,
  controlAria,
  DataTable,
  Field,
  Select,
  TextInput,
} from "../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { citizenshipChoices } from "../services/admissions/form.ts";
import {
  addMobility,
  type Direction,
  DIRECTIONS,
  listMobility,
  type Mobility,
} from "../services/lifecycle/mobility.ts";
import { formatDisplayDate } from "../utils/date_format.ts";
import type { AppState } from "../http/app_state.ts";

const KEY = "menu.learningProcesses.mobilityBooks";
export const meta: RouteMeta = { titleKey: "lifecycle.mobility.title", permission: KEY };

type Values = Record<"studentId" | "direction" | "partner" | "country" | "from" | "to", string>;

interface MobilityData {
  rows: Mobility[];
  direction: string;
  values: Values;
  errors: Record<string, string>;
  alert: string | null;
  saved: boolean;
}

const empty = (): Values => ({ studentId: "", direction: "out", partner: "", country: "", from: "", to: "" });

async function load(url: URL): Promise<Omit<MobilityData, "values" | "errors" | "alert" | "saved">> {
  const raw = url.searchParams.get("direction") ?? "";
  const direction = (DIRECTIONS as readonly string[]).includes(raw) ? raw as Direction : undefined;
  return { rows: await listMobility({ direction }), direction: direction ?? "" };
}

/** Exchanges out and in, with partner, country and period; staff record a new one here. */
export const handler: Handlers<MobilityData, AppState> = {
  async GET({ url, render }) {
    return render({
      ...await load(url),
      values: empty(),
      errors: {},
      alert: null,
      saved: url.searchParams.has("saved"),
    });
  },
  async POST({ req, url, state, render }) {
    const form = await req.formData().catch(() => new FormData());
    const values = Object.fromEntries(
      Object.keys(empty()).map((k) => [k, String(form.get(k) ?? "").trim().slice(0, 300)]),
    ) as Values;
    try {
      const studentId = /^\d{1,9}$/.test(values.studentId) ? Number(values.studentId) : 0;
      await addMobility(
        { ...values, studentId, direction: values.direction as Direction },
        state.identity!.user.id,
      );
      return new Response(null, { status: 303, headers: { location: "/mobility?saved" } });
    } catch (e) {
      const { errors, alert } = formErrors(e, state.t);
      return render({ ...await load(url), values, errors, alert, saved: false }, { status: 422 });
    }
  },
};

export default function MobilityPage({ data, state }: PageProps<MobilityData, AppState>) {
  const { t } = state;
  const K = "lifecycle.mobility";
  const countries = citizenshipChoices(state.lang);
  const countryName = new Map(countries.map((c) => [c.value, c.label]));
  const { values, errors } = data;
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">{t(`${K}.title`)}</h1>
      <form
        method="post"
        action="/mobility"
        novalidate
        class="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        {data.saved && <p role="status" class="text-sm text-green-800">{t(`${K}.saved`)}</p>}
        {data.alert && <p role="alert" class="text-sm text-red-800">{data.alert}</p>}
        <div class="grid gap-3 sm:grid-cols-3">
          <TextInput
            id="mobility-student"
            name="studentId"
            inputMode="numeric"
            label={t(`${K}.student`)}
            value={values.studentId}
            error={errors.studentId}
            required
          />
          <Select
            id="mobility-direction"
            name="direction"
            label={t(`${K}.direction`)}
            value={values.direction}
            options={DIRECTIONS.map((d) => ({ value: d, label: t(`${K}.${d}`) }))}
            error={errors.direction}
          />
          <TextInput
            id="mobility-partner"
            name="partner"
            label={t(`${K}.partner`)}
            value={values.partner}
            error={errors.partner}
            required
          />
          <Select
            id="mobility-country"
            name="country"
            label={t(`${K}.country`)}
            value={values.country}
            placeholder="—"
            options={countries}
            error={errors.country}
          />
          {(["from", "to"] as const).map((name) => (
            <Field key={name} id={`mobility-${name}`} label={t(`${K}.${name}`)} error={errors[name]} required>
              <input
                id={`mobility-${name}`}
                name={name}
                type="date"
                value={values[name]}
                class={CONTROL_CLASS}
                {...controlAria({ id: `mobility-${name}`, error: errors[name] })}
              />
            </Field>
          ))}
        </div>
        <Button type="submit">{t(`${K}.add`)}</Button>
      </form>
      <form method="get" action="/mobility" class="flex items-end gap-3">
        <Select
          id="mobility-filter"
          name="direction"
          label={t(`${K}.direction`)}
          placeholder={t("lifecycle.alumni.all")}
          defaultValue={data.direction}
          options={DIRECTIONS.map((d) => ({ value: d, label: t(`${K}.${d}`) }))}
        />
        <Button type="submit" variant="secondary">{t("lifecycle.alumni.apply")}</Button>
      </form>
      <DataTable
        caption={t(`${K}.title`)}
        rows={data.rows}
        rowKey={(m) => m.id}
        emptyText={t(`${K}.none`)}
        columns={[
          { key: "id", header: "ID" },
          {
            key: "studentId",
            header: t(`${K}.student`),
            render: (m) => <a class="underline" href={`/students/${m.studentId}`}>{m.studentId}</a>,
          },
          { key: "direction", header: t(`${K}.direction`), render: (m) => t(`${K}.${m.direction}`) },
          { key: "partner", header: t(`${K}.partner`) },
          {
            key: "country",
            header: t(`${K}.country`),
            render: (m) => countryName.get(m.country) ?? m.country,
          },
          {
            key: "period",
            header: `${t(`${K}.from`)} – ${t(`${K}.to`)}`,
            render: (m) => `${formatDisplayDate(m.from)} – ${formatDisplayDate(m.to)}`,
          },
          {
            key: "recognitions",
            header: t(`${K}.recognitions`),
            class: "text-end",
            render: (m) => m.recognitions.length,
          },
        ]}
      />
    </section>
  );
}

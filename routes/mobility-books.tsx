import { formErrors } from "../components/lifecycle/form_errors.ts";
import { Button, DataTable, TextInput } from "../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import {
  listMobility,
  type Mobility,
  type Recognition,
  recognizeCourse,
} from "../services/lifecycle/mobility.ts";
import type { AppState } from "../http/app_state.ts";

const KEY = "menu.learningProcesses.mobilityBooks";
export const meta: RouteMeta = { titleKey: "lifecycle.mobility.booksTitle", permission: KEY };

const FIELDS = [
  "mobilityId",
  "externalCode",
  "externalName",
  "externalCredits",
  "bookId",
  "groupId",
  "points",
  "credits",
] as const;
type Values = Record<typeof FIELDS[number], string>;

interface BooksData {
  rows: (Recognition & { mobility: Mobility })[];
  values: Values;
  errors: Record<string, string>;
  alert: string | null;
  saved: boolean;
}

const empty = () => Object.fromEntries(FIELDS.map((f) => [f, ""])) as Values;

async function rows() {
  return (await listMobility()).flatMap((mobility) => mobility.recognitions.map((r) => ({ ...r, mobility })));
}

const number = (text: string) => (text === "" ? NaN : Number(text));

/** Courses taken in exchanges, recognized as ours (and so in the transcript); staff recognize one here. */
export const handler: Handlers<BooksData, AppState> = {
  async GET({ url, render }) {
    return render({
      rows: await rows(),
      values: empty(),
      errors: {},
      alert: null,
      saved: url.searchParams.has("saved"),
    });
  },
  async POST({ req, state, render }) {
    const form = await req.formData().catch(() => new FormData());
    const values = Object.fromEntries(
      FIELDS.map((f) => [f, String(form.get(f) ?? "").trim().slice(0, 300)]),
    ) as Values;
    try {
      const mobilityId = /^\d{1,9}$/.test(values.mobilityId) ? Number(values.mobilityId) : 0;
      await recognizeCourse(mobilityId, {
        externalCode: values.externalCode,
        externalName: values.externalName,
        externalCredits: number(values.externalCredits),
        bookId: number(values.bookId),
        groupId: number(values.groupId),
        points: number(values.points),
        credits: values.credits ? number(values.credits) : undefined,
      }, state.identity!.user.id);
      return new Response(null, { status: 303, headers: { location: "/mobility-books?saved" } });
    } catch (e) {
      const { errors, alert } = formErrors(e, state.t);
      return render({ rows: await rows(), values, errors, alert, saved: false }, { status: 422 });
    }
  },
};

export default function MobilityBooks({ data, state }: PageProps<BooksData, AppState>) {
  const { t } = state;
  const K = "lifecycle.mobility";
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">{t(`${K}.booksTitle`)}</h1>
      <form
        method="post"
        action="/mobility-books"
        novalidate
        class="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        {data.saved && <p role="status" class="text-sm text-green-800">{t(`${K}.saved`)}</p>}
        {data.alert && <p role="alert" class="text-sm text-red-800">{data.alert}</p>}
        <div class="grid gap-3 sm:grid-cols-4">
          {FIELDS.map((f) => (
            <TextInput
              key={f}
              id={`recognize-${f}`}
              name={f}
              label={t(`${K}.${f}`)}
              value={data.values[f]}
              error={data.errors[f]}
              required={f !== "credits"}
            />
          ))}
        </div>
        <Button type="submit">{t(`${K}.recognize`)}</Button>
      </form>
      <DataTable
        caption={t(`${K}.recognitions`)}
        rows={data.rows}
        rowKey={(r) => r.id}
        emptyText={t(`${K}.none`)}
        columns={[
          {
            key: "student",
            header: t(`${K}.student`),
            render: (r) => (
              <a class="underline" href={`/students/${r.mobility.studentId}`}>{r.mobility.studentId}</a>
            ),
          },
          { key: "partner", header: t(`${K}.partner`), render: (r) => r.mobility.partner },
          {
            key: "external",
            header: t(`${K}.externalName`),
            render: (r) => `${r.externalCode} ${r.externalName} (${r.externalCredits})`,
          },
          { key: "bookId", header: t(`${K}.bookId`) },
          { key: "credits", header: t(`${K}.credits`), class: "text-end" },
          { key: "points", header: t(`${K}.points`), class: "text-end" },
          { key: "grade", header: t(`${K}.grade`) },
        ]}
      />
    </section>
  );
}

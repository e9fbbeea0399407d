import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { PollBuilder, type PollBuilderProps } from "../../islands/polls/builder.tsx";
import { getPoll } from "../../services/polls/store.ts";
import { findStudents, studentStructure } from "../../services/students/list_index.ts";
import { notFound } from "../../utils/errors.ts";

export const meta: RouteMeta = { titleKey: "menu.polls", permission: "menu.contact.polls" };

/** The poll builder: a new poll, or `?id=` a draft to edit (an opened poll's questions are fixed). */
export const handler: Handlers<PollBuilderProps, AppState> = {
  async GET({ url, state, render }) {
    const idText = url.searchParams.get("id");
    const stored = idText ? await getPoll(Number(idText)) : null;
    if (idText && (!stored || stored.value.status !== "draft")) throw notFound("poll_definitions");
    const [structure, found] = await Promise.all([
      studentStructure(),
      findStudents({}, { page: 1, limit: 1 }),
    ]);
    const name = (ka: string, en: string) => (state.lang === "en" ? en || ka : ka);
    return render({
      poll: stored?.value ?? null,
      versionstamp: stored?.versionstamp ?? null,
      schools: structure.schoolList.map((s) => ({ value: String(s.id), label: name(s.nameKa, s.nameEn) })),
      programs: structure.programList.map((p) => ({ value: String(p.id), label: name(p.nameKa, p.nameEn) })),
      years: found.admissionYears.map((y) => ({ value: String(y), label: String(y) })),
    });
  },
};

export default function PollBuilderPage({ data, state }: PageProps<PollBuilderProps, AppState>) {
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{state.t(data.poll ? "polls.editPoll" : "polls.newPoll")}</h1>
      <PollBuilder {...data} />
    </section>
  );
}

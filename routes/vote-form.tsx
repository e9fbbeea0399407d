import { semesterName } from "../utils/semester_name.ts";
import type { Handlers, PageProps, RouteContext, RouteMeta } from "../framework/types.ts";
import { VoteForm, VoteResultsTable } from "../components/timetable/vote_form.tsx";
import { buttonClass, Select } from "../components/ui/mod.ts";
import { bookName, getBook } from "../services/books/mod.ts";
import { listGroups } from "../services/academic/semesters.ts";
import { CRITERIA } from "../services/votes/criteria.ts";
import {
  currentPeriod,
  evaluatedCourses,
  submitVote,
  votableCourses,
  type VoteResults,
  voteResults,
} from "../services/votes/mod.ts";
import { AppError } from "../utils/errors.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.voteForm" };

type FormView = {
  mode: "form";
  isStudent: boolean;
  period: string;
  courses: { value: string; label: string }[];
  votedCount: number;
  bookId: string;
  answers: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  done: boolean;
  canResults: boolean;
};
type ResultsView = {
  mode: "results";
  groups: { value: string; label: string }[];
  groupId: string;
  courses: { id: number; name: string; count: number; href: string }[];
  selected: (VoteResults & { title: string }) | null;
};
type VoteData = FormView | ResultsView;

async function formView(
  { state }: RouteContext<VoteData, AppState>,
  extra: Partial<FormView> = {},
): Promise<FormView> {
  const { user, permissions } = state.identity!;
  const { period, courses, voted } = await votableCourses({
    user,
    canAll: permissions.has("menu.table.all"),
  });
  const open = courses.filter((b) => !voted.has(b.id));
  return {
    mode: "form",
    isStudent: user.studentId !== null,
    period: period ? semesterName(period.value.seasonYear, state.t) : "",
    courses: open.map((b) => ({ value: String(b.id), label: bookName(b, state.lang) })),
    votedCount: voted.size,
    bookId: "",
    answers: {},
    errors: {},
    message: null,
    done: false,
    canResults: state.auth.can("menu.table.votes"),
    ...extra,
  };
}

async function resultsView({ url, state }: RouteContext<VoteData, AppState>): Promise<ResultsView> {
  const groups = await listGroups();
  const asked = Number(url.searchParams.get("groupId"));
  const group = groups.find((g) => g.id === asked) ?? await currentPeriod();
  const groupId = group?.id ?? 0;
  const evaluated = group ? await evaluatedCourses(group.id) : [];
  const bookId = Number(url.searchParams.get("bookId"));
  const book = Number.isSafeInteger(bookId) && bookId > 0 ? await getBook(bookId) : null;
  return {
    mode: "results",
    groups: [...groups].reverse().map((g) => ({
      value: String(g.id),
      label: semesterName(g.value.seasonYear, state.t),
    })),
    groupId: String(groupId),
    courses: evaluated.map(({ book, count }) => ({
      id: book.id,
      name: bookName(book, state.lang),
      count,
      href: `/vote-form?results=1&groupId=${groupId}&bookId=${book.id}`,
    })),
    selected: book && group
      ? { ...(await voteResults(group.id, book.id)), title: bookName(book, state.lang) }
      : null,
  };
}

/** SPEC §2.7 evaluation form; `?results=1` shows holders of menu.table.votes the averages per criterion. */
export const handler: Handlers<VoteData, AppState> = {
  async GET(ctx) {
    if (ctx.url.searchParams.get("results") === "1" && ctx.state.auth.can("menu.table.votes")) {
      return ctx.render(await resultsView(ctx));
    }
    return ctx.render(await formView(ctx, { done: ctx.url.searchParams.get("done") === "1" }));
  },
  async POST(ctx) {
    const form = await ctx.req.formData().catch(() => new FormData());
    const bookId = String(form.get("bookId") ?? "");
    const answers: Record<string, string> = {};
    for (const id of CRITERIA) {
      const value = form.get(id);
      if (typeof value === "string" && value !== "") answers[id] = value;
    }
    const { user, permissions } = ctx.state.identity!;
    try {
      await submitVote({ user, canAll: permissions.has("menu.table.all") }, Number(bookId) || 0, answers);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 422 && error.status !== 409)) throw error;
      const t = ctx.state.t;
      const errors = Object.fromEntries(
        Object.entries(error.options.fields ?? {}).map(([name, f]) => [name, t(f.key, f.params)]),
      );
      const status = error.status;
      return ctx.render(
        await formView(ctx, { bookId, answers, errors, message: t(error.messageKey, error.options.params) }),
        { status },
      );
    }
    return new Response(null, { status: 303, headers: { location: "/vote-form?done=1" } });
  },
};

export default function VoteFormPage({ data, state }: PageProps<VoteData, AppState>) {
  const { t } = state;
  if (data.mode === "results") return <Results data={data} t={t} />;
  return (
    <section class="max-w-4xl">
      <h1 class="mb-1 text-2xl font-semibold">{t("sections.voteForm")}</h1>
      {data.period && <p class="mb-4 text-gray-600">{t("votes.period", { period: data.period })}</p>}
      {data.canResults && (
        <a href="/vote-form?results=1" class={`${buttonClass("secondary", "sm")} mb-4`}>
          {t("votes.results.link")}
        </a>
      )}
      {data.done && (
        <p role="status" class="mb-4 rounded-md bg-primary-50 p-3 text-primary-800" data-testid="vote-done">
          {t("votes.thanks")}
        </p>
      )}
      {data.message && (
        <p role="alert" class="mb-4 rounded-md bg-danger-50 p-3 text-danger-800" data-testid="vote-error">
          {data.message}
        </p>
      )}
      {!data.isStudent
        ? (
          <p class="rounded-lg border border-gray-200 bg-white p-6 text-gray-600">
            {t("votes.onlyStudents")}
          </p>
        )
        : data.courses.length === 0
        ? (
          <p class="rounded-lg border border-gray-200 bg-white p-6 text-gray-600" data-testid="vote-none">
            {t(data.votedCount ? "votes.allDone" : "votes.noCourses")}
          </p>
        )
        : (
          <VoteForm
            t={t}
            courses={data.courses}
            bookId={data.bookId}
            answers={data.answers}
            errors={data.errors}
          />
        )}
    </section>
  );
}

function Results({ data, t }: { data: ResultsView; t: AppState["t"] }) {
  return (
    <section class="max-w-4xl space-y-4">
      <h1 class="text-2xl font-semibold">{t("votes.results.title")}</h1>
      <form method="get" action="/vote-form" class="flex items-end gap-2">
        <input type="hidden" name="results" value="1" />
        <Select
          id="vote-period"
          name="groupId"
          label={t("timetable.group")}
          options={data.groups}
          defaultValue={data.groupId}
        />
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("timetable.pick.show")}</button>
      </form>
      {data.courses.length === 0
        ? (
          <p class="rounded-lg border border-gray-200 bg-white p-6 text-gray-600">
            {t("votes.results.none")}
          </p>
        )
        : (
          <ul class="rounded-lg border border-gray-200 bg-white p-3 text-sm">
            {data.courses.map((c) => (
              <li key={c.id}>
                <a href={c.href} class="text-primary-700 hover:underline">{c.name}</a>{" "}
                <span class="text-gray-500">({c.count})</span>
              </li>
            ))}
          </ul>
        )}
      {data.selected && (
        <VoteResultsTable
          t={t}
          title={data.selected.title}
          count={data.selected.count}
          averages={data.selected.averages}
        />
      )}
    </section>
  );
}

import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";
import {
  type AnswerQuestion,
  PollAnswerForm,
  type PollAnswerFormProps,
} from "../islands/polls/answer_form.tsx";
import { isInAudience } from "../services/polls/audience.ts";
import { hasAnswered, myAnswers, pollsMine } from "../services/polls/answers.ts";
import { isTakingAnswers, type PollDefinition } from "../services/polls/model.ts";
import { getPoll } from "../services/polls/store.ts";
import { formatDisplayDateTime } from "../utils/date_format.ts";
import { forbidden, notFound } from "../utils/errors.ts";

export const meta: RouteMeta = { titleKey: "sections.pollResponse" };

interface OnePoll {
  title: string;
  description: string;
  anonymous: boolean;
  open: boolean;
  form: PollAnswerFormProps;
}

interface ResponsePage {
  one: OnePoll | null;
  mine: { id: number; title: string; closesAt: string; answered: boolean }[];
}

/** Issue 26: the polls addressed to the signed-in person (`?poll=` one of them to answer), the alert's target. */
export const handler: Handlers<ResponsePage, AppState> = {
  async GET({ url, state, render }) {
    const user = state.identity!.user;
    const en = state.lang === "en";
    const text = (ka: string, english: string) => (en ? english || ka : ka);
    const idText = url.searchParams.get("poll");
    if (!idText) {
      const mine = (await pollsMine(user)).map(({ poll, answered }) => ({
        id: poll.id,
        title: text(poll.title, poll.titleEn),
        closesAt: poll.closesAt,
        answered,
      }));
      return render({ one: null, mine });
    }
    const stored = /^\d{1,9}$/.test(idText) ? await getPoll(Number(idText)) : null;
    if (!stored || stored.value.status === "draft") throw notFound("poll_definitions");
    const poll: PollDefinition = stored.value;
    if (!await isInAudience(user, poll.audience)) throw forbidden();
    const [answers, answered] = await Promise.all([
      myAnswers(poll.id, user.id),
      hasAnswered(poll.id, user.id),
    ]);
    const open = isTakingAnswers(poll);
    const questions: AnswerQuestion[] = poll.questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      text: text(q.text, q.textEn),
      required: q.required,
      options: q.options.map((o) => text(o.text, o.textEn)),
    }));
    return render({
      mine: [],
      one: {
        title: text(poll.title, poll.titleEn),
        description: poll.description,
        anonymous: poll.anonymous,
        open,
        form: {
          pollId: poll.id,
          questions,
          answers,
          answered,
          editable: poll.editable,
          canAnswer: open && (!answered || poll.editable),
        },
      },
    });
  },
};

export default function PollResponsePage({ data, state }: PageProps<ResponsePage, AppState>) {
  const { t } = state;
  const { one } = data;
  if (one) {
    return (
      <section class="max-w-3xl space-y-4">
        <h1 class="text-2xl font-semibold">{one.title}</h1>
        {one.description && <p class="whitespace-pre-line text-gray-700">{one.description}</p>}
        {one.anonymous && <p class="text-sm text-gray-700">{t("polls.response.anonymousNote")}</p>}
        {one.form.editable && one.open && (
          <p class="text-sm text-gray-700">{t("polls.response.editableNote")}</p>
        )}
        {one.open
          ? <PollAnswerForm {...one.form} />
          : <p class="rounded bg-gray-50 p-4" data-testid="poll-closed">{t("polls.errors.closed")}</p>}
      </section>
    );
  }
  return (
    <section class="max-w-3xl space-y-4">
      <h1 class="text-2xl font-semibold">{t("polls.response.mine")}</h1>
      {data.mine.length === 0 && <p data-testid="poll-none">{t("polls.response.none")}</p>}
      <ul class="space-y-2">
        {data.mine.map((p) => (
          <li
            key={p.id}
            class="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white p-3"
          >
            <a href={`/poll-response?poll=${p.id}`} class="font-medium text-primary-700 underline">
              {p.title}
            </a>
            <span class="text-sm text-gray-700">
              {p.answered ? t("polls.response.answered") : t("polls.response.waiting")}
              {" · "}
              {t("polls.response.closes", { date: formatDisplayDateTime(p.closesAt) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

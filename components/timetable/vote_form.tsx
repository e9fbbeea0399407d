/**
 * The course evaluation form (SPEC §2.7): six blocks of criteria, each criterion a radio group of the scores
 * 4 to 0 (a fieldset with its legend, every radio with its own label; arrow keys move within a group). A plain
 * POST form: it works without JavaScript, and a refused submission comes back with the answers and errors.
 */
import { blockTitleKey, criterionLabelKey, SCORES, VOTE_BLOCKS } from "../../services/votes/criteria.ts";
import { Button, Select } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";

export interface VoteFormProps {
  t: Translate;
  courses: { value: string; label: string }[];
  bookId: string;
  answers: Record<string, string>;
  errors: Record<string, string>;
}

export function VoteForm({ t, courses, bookId, answers, errors }: VoteFormProps) {
  return (
    <form method="post" action="/vote-form" class="space-y-6" novalidate data-testid="vote-form">
      <Select
        id="vote-book"
        name="bookId"
        label={t("votes.course")}
        options={courses}
        defaultValue={bookId}
        placeholder={t("votes.chooseCourse")}
        error={errors.bookId}
        required
        class="max-w-xl"
      />
      <p class="text-sm text-gray-600" id="vote-scale">{t("votes.scale")}</p>
      {VOTE_BLOCKS.map((block) => (
        <section key={block.id} class="rounded-lg border border-gray-200 bg-white p-4">
          <h2 class="mb-3 text-lg font-semibold">{t(blockTitleKey(block.id))}</h2>
          <div class="space-y-3">
            {block.criteria.map((c) => {
              const id = `${block.id}.${c}`;
              const domId = `vote-${block.id}-${c}`;
              const error = errors[id];
              return (
                <fieldset
                  key={id}
                  class="flex flex-wrap items-center gap-x-4 gap-y-1"
                  aria-describedby={error ? `${domId}-error` : "vote-scale"}
                  aria-invalid={error ? "true" : undefined}
                >
                  <legend class="mb-1 w-full text-sm text-gray-900 md:mb-0 md:w-1/2 md:float-left">
                    {t(criterionLabelKey(id))}
                  </legend>
                  {SCORES.map((score) => (
                    <label key={score} class="inline-flex items-center gap-1 text-sm">
                      <input
                        type="radio"
                        name={id}
                        value={String(score)}
                        id={`${domId}-${score}`}
                        checked={answers[id] === String(score)}
                        class="size-4"
                      />
                      <span>{score}</span>
                      <span class="sr-only">{t(`votes.scores.${score}`)}</span>
                    </label>
                  ))}
                  {error && (
                    <p id={`${domId}-error`} class="w-full text-sm text-danger-700" role="alert">{error}</p>
                  )}
                </fieldset>
              );
            })}
          </div>
        </section>
      ))}
      <Button type="submit">{t("votes.submit")}</Button>
    </form>
  );
}

export interface ResultsViewProps {
  t: Translate;
  title: string;
  count: number;
  averages: { id: string; average: number | null }[];
}

export function VoteResultsTable({ t, title, count, averages }: ResultsViewProps) {
  const byId = new Map(averages.map((a) => [a.id, a.average]));
  return (
    <section class="rounded-lg border border-gray-200 bg-white p-4" data-testid="vote-results">
      <h2 class="text-lg font-semibold">{title}</h2>
      <p class="mb-3 text-sm text-gray-600">{t("votes.results.count", { count })}</p>
      <table class="w-full text-left text-sm">
        <thead class="bg-gray-50 text-gray-600">
          <tr>
            <th scope="col" class="px-3 py-2 font-medium">{t("votes.results.criterion")}</th>
            <th scope="col" class="px-3 py-2 text-right font-medium">{t("votes.results.average")}</th>
          </tr>
        </thead>
        {VOTE_BLOCKS.map((block) => (
          <tbody key={block.id}>
            <tr class="border-t border-gray-200">
              <th scope="rowgroup" colSpan={2} class="px-3 py-2 font-semibold">
                {t(blockTitleKey(block.id))}
              </th>
            </tr>
            {block.criteria.map((c) => {
              const id = `${block.id}.${c}`;
              const average = byId.get(id);
              return (
                <tr key={id} class="border-t border-gray-100" data-criterion={id}>
                  <td class="px-3 py-1.5">{t(criterionLabelKey(id))}</td>
                  <td class="px-3 py-1.5 text-right font-mono">
                    {average == null ? "—" : average.toFixed(2)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </section>
  );
}

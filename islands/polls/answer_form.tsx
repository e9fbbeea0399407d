/**
 * Answering a poll (/poll-response?poll=…): one control per question — radio buttons, checkboxes, the 1–5 scale,
 * a text area — with the server's field errors beside each. Sent once; when the poll allows, the person's
 * stored answers come back into the form and may be changed until it closes.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { useSave } from "../../components/ui/form_kit.tsx";
import { CONTROL_CLASS } from "../../components/ui/field.tsx";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface AnswerQuestion {
  id: string;
  kind: "single" | "multiple" | "scale" | "text";
  text: string;
  required: boolean;
  options: string[];
}

export interface PollAnswerFormProps {
  pollId: number;
  questions: AnswerQuestion[];
  answers: Record<string, number | number[] | string> | null;
  /** False once answered in a poll that does not allow changes. */
  canAnswer: boolean;
  answered: boolean;
  editable: boolean;
}

type Answers = Record<string, number | number[] | string>;

const SCALE = [1, 2, 3, 4, 5];

export function PollAnswerForm(props: PollAnswerFormProps) {
  const [answers, setAnswers] = useState<Answers>(props.answers ?? {});
  const [answered, setAnswered] = useState(props.answered);
  const [done, setDone] = useState(false);
  const set = (id: string, value: number | number[] | string) => setAnswers((a) => ({ ...a, [id]: value }));
  const flow = useSave({
    id: "poll-answer",
    save: () => call("PUT /polls/{id}/response", { params: { id: props.pollId }, body: { answers } }),
    onSaved: () => {
      setDone(true);
      setAnswered(true);
    },
    fields: props.questions.map((q) => `answers.${q.id}`),
  });

  if (!props.canAnswer) {
    return (
      <p class="rounded bg-gray-50 p-4 text-sm" data-testid="poll-done">
        {t("polls.response.alreadyAnswered")}
      </p>
    );
  }
  if (done && !props.editable) {
    return (
      <p class="rounded bg-green-50 p-4 text-sm" role="status" data-testid="poll-thanks">
        {t("polls.response.thanks")}
      </p>
    );
  }
  return (
    <form class="space-y-5" onSubmit={flow.submit} noValidate data-testid="poll-answer-form">
      {props.questions.map((q, i) => {
        const error = flow.fieldErrors[`answers.${q.id}`];
        const name = `answer-${q.id}`;
        const value = answers[q.id];
        return (
          <fieldset
            key={q.id}
            class="space-y-2 rounded-lg border border-gray-200 bg-white p-4"
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? `${name}-error` : undefined}
          >
            <legend class="px-1 font-medium">
              {i + 1}. {q.text}
              {q.required && <span class="ms-2 text-xs text-gray-600">({t("polls.response.required")})</span>}
            </legend>
            {q.kind === "single" &&
              q.options.map((label, j) => (
                <label key={j} class="flex items-center gap-2 text-sm">
                  <input type="radio" name={name} checked={value === j} onChange={() => set(q.id, j)} />
                  {label}
                </label>
              ))}
            {q.kind === "multiple" && q.options.map((label, j) => {
              const chosen = Array.isArray(value) ? value : [];
              return (
                <label key={j} class="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.includes(j)}
                    onChange={(e) =>
                      set(q.id, e.currentTarget.checked ? [...chosen, j] : chosen.filter((k) => k !== j))}
                  />
                  {label}
                </label>
              );
            })}
            {q.kind === "scale" && (
              <div class="flex flex-wrap items-center gap-4 text-sm">
                <span class="text-gray-600">{t("polls.response.scaleLow")}</span>
                {SCALE.map((n) => (
                  <label key={n} class="flex items-center gap-1">
                    <input type="radio" name={name} checked={value === n} onChange={() => set(q.id, n)} />
                    {n}
                  </label>
                ))}
                <span class="text-gray-600">{t("polls.response.scaleHigh")}</span>
              </div>
            )}
            {q.kind === "text" && (
              <textarea
                class={CONTROL_CLASS}
                rows={3}
                maxLength={2000}
                aria-label={q.text}
                value={typeof value === "string" ? value : ""}
                onInput={(e) => set(q.id, e.currentTarget.value)}
              />
            )}
            {error && <p id={`${name}-error`} class="text-sm text-danger-700">{error}</p>}
          </fieldset>
        );
      })}
      {done && (
        <p class="rounded bg-green-50 p-3 text-sm" role="status" data-testid="poll-thanks">
          {t("polls.response.thanks")}
        </p>
      )}
      <Button type="submit" loading={flow.saving} data-testid="poll-submit">
        {answered ? t("polls.actions.update") : t("polls.actions.submit")}
      </Button>
      {flow.dialogs}
    </form>
  );
}

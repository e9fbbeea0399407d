/**
 * The poll builder (/poll): titles in both languages, questions of four kinds with their choices, the audience
 * (roles, schools, programs, admission years, course sections, a list of people) with a count before opening,
 * the period and the anonymity rules. Saves a draft through the form kit (field errors next to their fields,
 * the 409 reload prompt); the dashboard opens it.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { Field, Textarea, TextInput } from "../../components/ui/field.tsx";
import { type MultiSelectOption, Select } from "../../components/ui/select.tsx";
import { AudienceFields } from "../../components/polls/audience_fields.tsx";
import { useSave } from "../../components/ui/form_kit.tsx";
import {
  audienceOf,
  bodyOf,
  draftOf,
  type DraftPoll,
  type DraftQuestion,
  newQuestion,
  type QuestionKind,
  type StoredPoll,
} from "../../components/polls/poll_form.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface PollBuilderProps {
  poll: StoredPoll | null;
  /** A new poll's starting point (the course evaluation form). */
  template: Pick<DraftPoll, "title" | "titleEn" | "questions" | "anonymous" | "editable"> | null;
  versionstamp: string | null;
  schools: MultiSelectOption[];
  programs: MultiSelectOption[];
  years: MultiSelectOption[];
}

const KINDS: QuestionKind[] = ["single", "multiple", "scale", "text"];
const CHECK = "h-4 w-4 rounded border-gray-300";

export function PollBuilder(props: PollBuilderProps) {
  const [draft, setDraft] = useState<DraftPoll>(() => ({ ...draftOf(props.poll), ...props.template }));
  const [versionstamp, setVersionstamp] = useState(props.versionstamp);
  const [count, setCount] = useState<string | null>(null);
  const set = (patch: Partial<DraftPoll>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (i: number, patch: Partial<DraftQuestion>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) }));

  const flow = useSave({
    id: "poll-builder",
    save: () =>
      props.poll
        ? call("PUT /polls/{id}", {
          params: { id: props.poll.id },
          body: { ...bodyOf(draft), versionstamp: versionstamp ?? undefined },
        })
        : call("POST /polls", { body: bodyOf(draft) }),
    onSaved: (saved) => {
      setVersionstamp(saved.versionstamp);
      location.assign(`/poll/dashboard?poll=${saved.poll.id}`);
    },
    reload: props.poll
      ? async () =>
        setVersionstamp((await call("GET /polls/{id}", { params: { id: props.poll!.id } })).versionstamp)
      : undefined,
  });
  const err = (field: string) => flow.fieldErrors[field] ?? null;

  const countAudience = async () => {
    try {
      const found = await call("POST /polls/audience", { body: audienceOf(draft) });
      setCount(t("polls.audienceCount", { people: found.people, students: found.students }));
    } catch (error) {
      flow.fail(error);
    }
  };

  return (
    <form class="space-y-6" onSubmit={flow.submit} noValidate data-testid="poll-builder">
      <div class="grid gap-4 md:grid-cols-2">
        <TextInput
          id="poll-title"
          label={t("polls.fields.title")}
          value={draft.title}
          maxLength={200}
          required
          error={err("title")}
          onInput={(e) => set({ title: e.currentTarget.value })}
        />
        <TextInput
          id="poll-title-en"
          label={t("polls.fields.titleEn")}
          value={draft.titleEn}
          maxLength={200}
          required
          error={err("titleEn")}
          onInput={(e) => set({ titleEn: e.currentTarget.value })}
        />
        <Textarea
          id="poll-description"
          class="md:col-span-2"
          rows={2}
          label={t("polls.fields.description")}
          value={draft.description}
          maxLength={2000}
          onInput={(e) => set({ description: e.currentTarget.value })}
        />
        <Field id="poll-opens" label={t("polls.fields.opensAt")} error={err("opensAt")}>
          <input
            id="poll-opens"
            type="datetime-local"
            class="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            value={draft.opensAt}
            aria-invalid={err("opensAt") ? "true" : undefined}
            onInput={(e) => set({ opensAt: e.currentTarget.value })}
          />
        </Field>
        <Field id="poll-closes" label={t("polls.fields.closesAt")} error={err("closesAt")}>
          <input
            id="poll-closes"
            type="datetime-local"
            class="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            value={draft.closesAt}
            aria-invalid={err("closesAt") ? "true" : undefined}
            onInput={(e) => set({ closesAt: e.currentTarget.value })}
          />
        </Field>
        <label class="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            class={CHECK}
            checked={draft.anonymous}
            onChange={(e) => set({ anonymous: e.currentTarget.checked })}
          />
          {t("polls.fields.anonymous")}
        </label>
        <div>
          <label class="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              class={CHECK}
              checked={draft.editable}
              aria-invalid={err("editable") ? "true" : undefined}
              onChange={(e) => set({ editable: e.currentTarget.checked })}
            />
            {t("polls.fields.editable")}
          </label>
          {err("editable") && <p class="mt-1 text-sm text-danger-700">{err("editable")}</p>}
        </div>
      </div>

      <AudienceFields id="poll" value={draft} onChange={set} error={err("audience")} {...props}>
        <div class="flex items-center gap-3">
          <Button variant="secondary" size="sm" onClick={countAudience}>
            {t("polls.actions.countAudience")}
          </Button>
          {count && <span class="text-sm" data-testid="poll-audience-count">{count}</span>}
        </div>
      </AudienceFields>

      <fieldset class="space-y-4">
        <legend class="text-sm font-semibold">{t("polls.fields.questions")}</legend>
        {err("questions") && <p class="text-sm text-danger-700" role="alert">{err("questions")}</p>}
        {draft.questions.map((q, i) => (
          <QuestionEditor
            key={i}
            index={i}
            question={q}
            err={err}
            onChange={(patch) => setQuestion(i, patch)}
            onRemove={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}
          />
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set({ questions: [...draft.questions, newQuestion()] })}
        >
          {t("polls.actions.addQuestion")}
        </Button>
      </fieldset>

      <div class="flex gap-3">
        <Button type="submit" loading={flow.saving} data-testid="poll-save">{t("polls.actions.save")}</Button>
      </div>
      {flow.dialogs}
    </form>
  );
}

interface QuestionEditorProps {
  index: number;
  question: DraftQuestion;
  err: (field: string) => string | null;
  onChange: (patch: Partial<DraftQuestion>) => void;
  onRemove: () => void;
}

function QuestionEditor({ index: i, question: q, err, onChange, onRemove }: QuestionEditorProps) {
  const choice = q.kind === "single" || q.kind === "multiple";
  const setOption = (j: number, patch: Partial<DraftQuestion["options"][number]>) =>
    onChange({ options: q.options.map((o, k) => (k === j ? { ...o, ...patch } : o)) });
  return (
    <div class="space-y-3 rounded-lg border border-gray-200 bg-white p-4" data-testid={`poll-question-${i}`}>
      <div class="flex items-center justify-between">
        <h3 class="font-medium">{t("polls.fields.question", { n: i + 1 })}</h3>
        <Button variant="ghost" size="sm" onClick={onRemove}>{t("polls.actions.removeQuestion")}</Button>
      </div>
      <div class="grid gap-3 md:grid-cols-2">
        <Select
          id={`q${i}-kind`}
          label={t("polls.fields.kind")}
          value={q.kind}
          options={KINDS.map((k) => ({ value: k, label: t(`polls.kinds.${k}`) }))}
          onChange={(e) => {
            const kind = e.currentTarget.value as QuestionKind;
            const needs = kind === "single" || kind === "multiple";
            onChange({
              kind,
              options: needs ? (q.options.length ? q.options : newQuestion(kind).options) : [],
            });
          }}
        />
        <label class="flex items-center gap-2 self-end text-sm">
          <input
            type="checkbox"
            class={CHECK}
            checked={q.required}
            onChange={(e) =>
              onChange({ required: e.currentTarget.checked })}
          />
          {t("polls.fields.required")}
        </label>
        <TextInput
          id={`q${i}-text`}
          label={t("polls.fields.text")}
          value={q.text}
          maxLength={500}
          error={err(`questions.${i}.text`)}
          onInput={(e) =>
            onChange({ text: e.currentTarget.value })}
        />
        <TextInput
          id={`q${i}-text-en`}
          label={t("polls.fields.textEn")}
          value={q.textEn}
          maxLength={500}
          error={err(`questions.${i}.textEn`)}
          onInput={(e) => onChange({ textEn: e.currentTarget.value })}
        />
      </div>
      {choice && (
        <div class="space-y-2">
          <p class="text-sm font-medium">{t("polls.fields.options")}</p>
          {q.options.map((o, j) => (
            <div key={j} class="grid items-end gap-2 md:grid-cols-[1fr_1fr_auto]">
              <TextInput
                id={`q${i}-o${j}`}
                label={t("polls.fields.option")}
                value={o.text}
                maxLength={200}
                onInput={(e) => setOption(j, { text: e.currentTarget.value })}
              />
              <TextInput
                id={`q${i}-o${j}-en`}
                label={t("polls.fields.optionEn")}
                value={o.textEn}
                maxLength={200}
                onInput={(e) => setOption(j, { textEn: e.currentTarget.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange({ options: q.options.filter((_, k) => k !== j) })}
              >
                {t("polls.actions.removeOption")}
              </Button>
            </div>
          ))}
          {err(`questions.${i}.options`) && (
            <p class="text-sm text-danger-700" role="alert">{err(`questions.${i}.options`)}</p>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange({ options: [...q.options, { text: "", textEn: "" }] })}
          >
            {t("polls.actions.addOption")}
          </Button>
        </div>
      )}
    </div>
  );
}

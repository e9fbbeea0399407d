/**
 * A poll's results: the counters its answers moved (one prefix read, however many answered), the response
 * rate against the audience counted when it opened, and the free-text answers a page at a time. The export
 * reads every response.
 */
import type { Lang, Translate } from "../../utils/i18n.ts";
import { db } from "../db/kv.ts";
import { toXlsx, type XlsxCell } from "../files/xlsx_export.ts";
import { getManyRecords } from "../db/reads.ts";
import type { User } from "../identity/users.ts";
import {
  type AnswerValue,
  type PollDefinition,
  pollKeys,
  type PollQuestion,
  type PollResponse,
  SCALE_MAX,
  SCALE_MIN,
} from "./model.ts";
import { requirePoll } from "./store.ts";

export interface QuestionResult {
  id: string;
  kind: PollQuestion["kind"];
  text: string;
  answered: number;
  /** Choices (option texts, or the scale points "1"…"5") with their counts; empty for text questions. */
  counts: { label: string; count: number }[];
  /** Mean of a scale question, null otherwise or with no answer. */
  mean: number | null;
  /** The first free-text answers (text questions). */
  texts: string[];
}

export interface PollResults {
  pollId: number;
  title: string;
  status: PollDefinition["status"];
  anonymous: boolean;
  audienceSize: number;
  responses: number;
  /** responses / audienceSize, 0–1 (0 with no audience). */
  rate: number;
  questions: QuestionResult[];
}

export const TEXTS_SHOWN = 200;

const textOf = (lang: Lang, ka: string, en: string) => (lang === "en" ? en || ka : ka);

export async function pollResults(pollId: number, lang: Lang): Promise<PollResults> {
  const poll = (await requirePoll(pollId)).value;
  const counts = new Map<string, number>();
  for await (const e of db().list<Deno.KvU64>({ prefix: pollKeys.counts(pollId) })) {
    counts.set(e.key.slice(2).join("/"), Number(e.value.value));
  }
  const textQuestions = poll.questions.filter((q) => q.kind === "text");
  const texts = new Map<string, string[]>(textQuestions.map((q) => [q.id, []]));
  if (textQuestions.length) {
    // Bounded: the page shows the first answers; the export has them all.
    for await (const e of db().list<PollResponse>({ prefix: pollKeys.responses(pollId) }, { limit: 2000 })) {
      for (const q of textQuestions) {
        const list = texts.get(q.id)!;
        const v = e.value.answers[q.id];
        if (typeof v === "string" && list.length < TEXTS_SHOWN) list.push(v);
      }
    }
  }
  const responses = counts.get("responses") ?? 0;
  return {
    pollId,
    title: textOf(lang, poll.title, poll.titleEn),
    status: poll.status,
    anonymous: poll.anonymous,
    audienceSize: poll.audienceSize,
    responses,
    rate: poll.audienceSize ? Math.min(1, responses / poll.audienceSize) : 0,
    questions: poll.questions.map((q) => {
      const n = (i: number) => counts.get(`${q.id}/${i}`) ?? 0;
      const labels = q.kind === "scale"
        ? Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => String(i + SCALE_MIN))
        : q.options.map((o) => textOf(lang, o.text, o.textEn));
      const choiceCounts = q.kind === "text" ? [] : labels.map((label, i) => ({ label, count: n(i) }));
      const answered = counts.get(`${q.id}/answered`) ?? 0;
      const mean = q.kind === "scale" && answered
        ? choiceCounts.reduce((sum, c, i) => sum + c.count * (i + SCALE_MIN), 0) / answered
        : null;
      return {
        id: q.id,
        kind: q.kind,
        text: textOf(lang, q.text, q.textEn),
        answered,
        counts: choiceCounts,
        mean: mean === null ? null : Math.round(mean * 100) / 100,
        texts: texts.get(q.id) ?? [],
      };
    }),
  };
}

function cellOf(q: PollQuestion, value: AnswerValue | undefined, lang: Lang): XlsxCell {
  if (value === undefined) return null;
  if (q.kind === "scale") return value as number;
  if (q.kind === "text") return value as string;
  const option = (i: number) => textOf(lang, q.options[i]?.text ?? "", q.options[i]?.textEn ?? "");
  return Array.isArray(value) ? value.map(option).join("; ") : option(value as number);
}

/** Every response as a row (the respondent's name in a named poll), then a sheet-friendly header. */
export async function pollXlsx(pollId: number, lang: Lang, t: Translate): Promise<Uint8Array> {
  const poll = (await requirePoll(pollId)).value;
  const responses: PollResponse[] = [];
  for await (
    const e of db().list<PollResponse>({ prefix: pollKeys.responses(pollId) }, { batchSize: 1000 })
  ) {
    responses.push(e.value);
  }
  const names = new Map<number, string>();
  if (!poll.anonymous) {
    const ids = responses.map((r) => r.userId).filter((id): id is number => id !== null);
    const users = await getManyRecords<User>("users", ids);
    users.forEach((u) =>
      u && names.set(u.value.id, lang === "en" ? u.value.nameEn || u.value.name : u.value.name)
    );
  }
  const headers = [
    ...(poll.anonymous ? [] : [t("polls.export.person")]),
    t("polls.export.answeredAt"),
    ...poll.questions.map((q) => textOf(lang, q.text, q.textEn)),
  ];
  const rows = responses.map((r) => [
    ...(poll.anonymous ? [] : [r.userId === null ? "" : names.get(r.userId) ?? `#${r.userId}`]),
    r.updatedAt ?? r.at,
    ...poll.questions.map((q) => cellOf(q, r.answers[q.id], lang)),
  ]);
  return toXlsx(t("polls.export.sheet"), headers, rows);
}

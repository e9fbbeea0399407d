/** The builder's working copy of a poll: what the form edits and how it becomes the API's body. */
import type { InputOf, ResponseOf } from "../api.ts";
import { audienceBody, type AudienceDraft } from "./audience_fields.tsx";
import { dateTimeInputValue } from "../../utils/date_format.ts";

export type PollBody = InputOf<"POST /polls">["body"];
export type StoredPoll = ResponseOf<"GET /polls/{id}">["poll"];
export type QuestionKind = "single" | "multiple" | "scale" | "text";

export interface DraftQuestion {
  kind: QuestionKind;
  text: string;
  textEn: string;
  required: boolean;
  options: { text: string; textEn: string }[];
}

export interface DraftPoll extends AudienceDraft {
  title: string;
  titleEn: string;
  description: string;
  opensAt: string;
  closesAt: string;
  anonymous: boolean;
  editable: boolean;
  questions: DraftQuestion[];
}

const choice = (kind: QuestionKind) => kind === "single" || kind === "multiple";

export function newQuestion(kind: QuestionKind = "single"): DraftQuestion {
  return {
    kind,
    text: "",
    textEn: "",
    required: true,
    options: choice(kind) ? [{ text: "", textEn: "" }, { text: "", textEn: "" }] : [],
  };
}

export function draftOf(poll: StoredPoll | null, now = Date.now()): DraftPoll {
  if (!poll) {
    return {
      title: "",
      titleEn: "",
      description: "",
      opensAt: dateTimeInputValue(new Date(now).toISOString()),
      closesAt: dateTimeInputValue(new Date(now + 14 * 86_400_000).toISOString()),
      anonymous: false,
      editable: false,
      questions: [newQuestion()],
      guards: [],
      schoolIds: [],
      programIds: [],
      admissionYears: [],
      sectionIds: "",
      userIds: "",
    };
  }
  const a = poll.audience;
  return {
    title: poll.title,
    titleEn: poll.titleEn,
    description: poll.description,
    opensAt: dateTimeInputValue(poll.opensAt),
    closesAt: dateTimeInputValue(poll.closesAt),
    anonymous: poll.anonymous,
    editable: poll.editable,
    questions: poll.questions.map(({ id: _, ...q }) => ({ ...q, kind: q.kind as QuestionKind })),
    guards: a.guards,
    schoolIds: a.schoolIds.map(String),
    programIds: a.programIds.map(String),
    admissionYears: a.admissionYears.map(String),
    sectionIds: a.sectionIds.join(", "),
    userIds: a.userIds.join(", "),
  };
}

const isoOf = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

export const audienceOf = (d: DraftPoll): PollBody["audience"] => audienceBody(d);

export function bodyOf(d: DraftPoll): PollBody {
  return {
    title: d.title,
    titleEn: d.titleEn,
    description: d.description,
    opensAt: isoOf(d.opensAt),
    closesAt: isoOf(d.closesAt),
    anonymous: d.anonymous,
    editable: d.editable,
    questions: d.questions.map((q) => ({ ...q, options: choice(q.kind) ? q.options : [] })),
    audience: audienceOf(d),
  };
}

/**
 * Polls to start from: the course evaluation form (/vote-form, SPEC §2.7) as a poll — each criterion a 1–5 scale
 * question, its block's title before it, in both languages — so staff can ask it of any audience.
 */
import { translatorFor } from "../languages/i18n.ts";
import { blockTitleKey, criterionLabelKey, VOTE_BLOCKS } from "../votes/criteria.ts";
import type { PollInput } from "./model.ts";

export const POLL_TEMPLATES = ["evaluation"] as const;
export type PollTemplate = typeof POLL_TEMPLATES[number];

export function pollTemplate(
  _: PollTemplate,
): Pick<PollInput, "title" | "titleEn" | "questions" | "anonymous" | "editable"> {
  const ka = translatorFor("ka"), en = translatorFor("en");
  return {
    title: ka("polls.templates.evaluation"),
    titleEn: en("polls.templates.evaluation"),
    anonymous: true,
    editable: false,
    questions: VOTE_BLOCKS.flatMap((block) =>
      block.criteria.map((criterion) => {
        const key = criterionLabelKey(`${block.id}.${criterion}`);
        return {
          kind: "scale" as const,
          text: `${ka(blockTitleKey(block.id))}: ${ka(key)}`,
          textEn: `${en(blockTitleKey(block.id))}: ${en(key)}`,
          required: true,
          options: [],
        };
      })
    ),
  };
}

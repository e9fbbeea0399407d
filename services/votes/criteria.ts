/**
 * The course evaluation form of SPEC §2.7: six blocks of criteria, each answered on the scores 4 (fully agree)
 * to 0 (fully disagree). Texts are i18n keys `votes.blocks.<block>.title` and `votes.blocks.<block>.<criterion>`;
 * a criterion's id `<block>.<criterion>` names its answer in forms, in the API and in field errors.
 */
export const SCORES = [4, 3, 2, 1, 0] as const;
export type Score = typeof SCORES[number];

export const VOTE_BLOCKS = [
  { id: "content", criteria: ["objectives", "relevance", "structure", "workload"] },
  { id: "teaching", criteria: ["clarity", "engagement", "availability", "punctuality"] },
  { id: "assessment", criteria: ["criteria", "fairness", "feedback"] },
  { id: "materials", criteria: ["availability", "quality", "literature"] },
  { id: "organisation", criteria: ["schedule", "rooms", "communication"] },
  { id: "overall", criteria: ["satisfaction", "skills", "recommend"] },
] as const;

/** Every criterion id, in form order. */
export const CRITERIA: readonly string[] = VOTE_BLOCKS.flatMap((b) => b.criteria.map((c) => `${b.id}.${c}`));

export const criterionLabelKey = (id: string) => `votes.blocks.${id}`;
export const blockTitleKey = (blockId: string) => `votes.blocks.${blockId}.title`;

/**
 * The conditions dialog's view of a course's conditions (bookConditionsGet and every change's answer): the
 * stored groups and restrictions with the current names and codes of their courses and programs.
 */
import type { Program } from "../academic/model.ts";
import {
  type Condition,
  type ConditionGroup,
  conditionStatusOf,
  type ProgramRestriction,
  readConditions,
} from "./conditions.ts";
import { getBooks } from "./mod.ts";
import { listAllPrograms } from "../structure/mod.ts";

export interface ConditionMemberView extends Condition {
  nameEng: string;
  code: string;
}

export interface ConditionGroupView extends Omit<ConditionGroup, "conditions"> {
  conditions: ConditionMemberView[];
}

export interface ProgramRestrictionView extends ProgramRestriction {
  nameEn: string;
  code: string;
}

export interface BookConditionsView {
  data: ConditionGroupView[];
  programs: ProgramRestrictionView[];
  gpaLimit: number | null;
  conditionStatus: 0 | 1;
}

/** The course's conditions with the current names and codes of their courses and programs. */
export async function bookConditionsView(bookId: number): Promise<BookConditionsView> {
  const conditions = await readConditions(bookId);
  const memberIds = conditions.groups.flatMap((g) => g.conditions.map((m) => m.bookId));
  const [books, programs] = await Promise.all([getBooks(memberIds), listAllPrograms()]);
  const programById = new Map<number, Program>(programs.map((p) => [p.id, p]));
  return {
    data: conditions.groups.map((group) => ({
      ...group,
      conditions: group.conditions.map((m) => {
        const book = books.get(m.bookId);
        return { ...m, name: book?.name ?? m.name, nameEng: book?.nameEng ?? "", code: book?.code ?? "" };
      }),
    })),
    programs: conditions.programs.map((r) => {
      const program = programById.get(r.programId);
      return {
        ...r,
        name: program?.nameKa ?? r.name,
        nameEn: program?.nameEn ?? "",
        code: program?.code ?? "",
      };
    }),
    gpaLimit: conditions.gpaLimit,
    conditionStatus: conditionStatusOf(conditions),
  };
}

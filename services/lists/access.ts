/**
 * Who may do what with a section's list. A professor reads and writes only the lists of the sections they
 * teach; staff holding `menu.learningProcesses.lists.all` read (and export) every list but write none: points
 * and attendance are the professor's to give. The registrar's unlock has its own key, checked by its route.
 */
import type { Section } from "../registration/sections.ts";
import { forbidden } from "../../utils/errors.ts";

export const LISTS_KEY = "menu.learningProcesses.lists";
export const LISTS_ALL_KEY = `${LISTS_KEY}.all`;
export const LISTS_UNLOCK_KEY = `${LISTS_KEY}.unlock`;
export const GRADES_KEY = "menu.learningProcesses.grades";

export interface ListActor {
  userId: number;
  /** The personnel record of a professor (null for someone who is nobody's professor). */
  hrUserId: number | null;
  /** Holds LISTS_ALL_KEY. */
  seesAll: boolean;
}

export const teaches = (actor: ListActor, section: Pick<Section, "professorHrId">) =>
  actor.hrUserId !== null && actor.hrUserId === section.professorHrId;

export function assertCanRead(actor: ListActor, section: Pick<Section, "professorHrId">): void {
  if (!actor.seesAll && !teaches(actor, section)) throw forbidden();
}

export function assertCanWrite(actor: ListActor, section: Pick<Section, "professorHrId">): void {
  if (!teaches(actor, section)) throw forbidden();
}

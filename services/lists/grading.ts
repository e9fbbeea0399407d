/**
 * A student's total and grade in a list. Each component's points are out of its weight (a 30 % midterm is
 * marked out of 30), so the total is their sum, 0–100. The grade follows the Georgian scale (students/
 * transcripts.ts's GRADE_SCALE: A 91–100 … FX 41–50, F 0–40) on the total rounded to a whole point, except that
 * a component whose minimum the student did not reach caps the grade: FX (may re-sit) with 41 points or more,
 * otherwise F. An empty cell counts as 0.
 */
import type { Grade } from "../academic/model.ts";
import type { BookComponent } from "../books/components.ts";
import { gradeOf } from "../students/transcripts.ts";

export interface StudentResult {
  /** Sum of the points, two decimals. */
  total: number;
  /** The whole points the transcript records. */
  points: number;
  grade: Grade;
  /** Components whose minimum was not reached. */
  belowMinimum: number[];
}

const hundredths = (n: number) => Math.round(n * 100);

export function resultOf(
  components: readonly Pick<BookComponent, "id" | "minScore">[],
  points: ReadonlyMap<number, number>,
): StudentResult {
  let sum = 0;
  const belowMinimum: number[] = [];
  for (const c of components) {
    const p = points.get(c.id) ?? 0;
    sum += hundredths(p);
    if (c.minScore > 0 && hundredths(p) < hundredths(c.minScore)) belowMinimum.push(c.id);
  }
  const total = sum / 100;
  const whole = Math.min(100, Math.round(total));
  const scaled = gradeOf(whole);
  const grade: Grade = belowMinimum.length === 0 ? scaled : whole >= 41 ? "FX" : "F";
  return { total, points: whole, grade, belowMinimum };
}

/** Points a cell accepts: a number from 0 to the component's weight, to two decimals. */
export function pointsProblem(
  points: number,
  max: number,
): { key: string; params?: Record<string, number> } | null {
  if (!Number.isFinite(points)) return { key: "lists.errors.notNumber" };
  if (points < 0) return { key: "lists.errors.negative" };
  if (hundredths(points) > hundredths(max)) return { key: "lists.errors.aboveMax", params: { max } };
  if (Math.abs(hundredths(points) - points * 100) > 1e-6) return { key: "lists.errors.decimals" };
  return null;
}

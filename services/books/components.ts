/**
 * A course's assessment components (the components dialog, SPEC §2.4): name in both languages, weight in
 * percent and the minimum score a student must reach in it. The set is saved whole, and its weights must total
 * 100. One value per course, `["book_components", bookId]` (books/dialog_store.ts); the course list's
 * `componentCount` flag follows it in the same atomic, and its changes have their own log (componentLog).
 */
import { changeBookDoc, readBookDoc } from "./dialog_store.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";

export interface BookComponent {
  id: number;
  nameKa: string;
  nameEn: string;
  /** Percent of the final grade, > 0. */
  weight: number;
  /** Points a student must reach in this component, 0 … weight. */
  minScore: number;
}

interface BookComponents {
  items: BookComponent[];
}

export interface ComponentInput {
  nameKa: unknown;
  nameEn: unknown;
  weight: unknown;
  minScore?: unknown;
}

const ENTITY = "book_components";
export const MAX_COMPONENTS = 20;
export const COMPONENT_NAME_MAX = 200;

const numberOf = (value: unknown): number | null =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "")
    ? null
    : typeof value === "number" || typeof value === "string"
    ? Number(value)
    : Number.NaN;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * Field errors name the row (`items.2.weight`); a set whose weights do not total 100 is refused on `items`.
 * An empty set is allowed: it removes the course's components.
 */
export function normalizeComponents(items: readonly ComponentInput[]): BookComponent[] {
  const fields: Record<string, FieldError> = {};
  if (items.length > MAX_COMPONENTS) {
    throw invalid({
      items: { key: "bookDialogs.errors.tooManyComponents", params: { max: MAX_COMPONENTS } },
    });
  }
  const result = items.map((item, i): BookComponent => {
    const text = (name: "nameKa" | "nameEn") => {
      const value = typeof item[name] === "string" ? (item[name] as string).trim() : "";
      if (!value) fields[`items.${i}.${name}`] = { key: "errors.required" };
      else if (value.length > COMPONENT_NAME_MAX) {
        fields[`items.${i}.${name}`] = { key: "errors.tooLong", params: { max: COMPONENT_NAME_MAX } };
      }
      return value;
    };
    const weight = numberOf(item.weight);
    if (weight === null) fields[`items.${i}.weight`] = { key: "errors.required" };
    else if (!Number.isFinite(weight) || weight <= 0 || weight > 100 || !twoDecimals(weight)) {
      fields[`items.${i}.weight`] = { key: "bookDialogs.errors.weight" };
    }
    const minScore = numberOf(item.minScore) ?? 0;
    const max = weight !== null && Number.isFinite(weight) ? weight : 100;
    if (!Number.isFinite(minScore) || minScore < 0 || minScore > max || !twoDecimals(minScore)) {
      fields[`items.${i}.minScore`] = { key: "bookDialogs.errors.minScore", params: { max } };
    }
    return { id: i + 1, nameKa: text("nameKa"), nameEn: text("nameEn"), weight: weight ?? 0, minScore };
  });
  if (Object.keys(fields).length) throw invalid(fields);
  // Sums of two-decimal numbers, compared in hundredths so that 33.33 + 33.33 + 33.34 is exactly 100.
  const total = result.reduce((sum, c) => sum + Math.round(c.weight * 100), 0) / 100;
  if (result.length > 0 && total !== 100) {
    throw invalid({ items: { key: "bookDialogs.errors.weightTotal", params: { total } } });
  }
  return result;
}

export async function listComponents(bookId: number): Promise<BookComponent[]> {
  return (await readBookDoc<BookComponents>(ENTITY, bookId))?.items ?? [];
}

/** Replaces the course's components with `items` (validated), and its `componentCount` flag. */
export async function saveComponents(
  bookId: number,
  items: readonly ComponentInput[],
  actor: number | null,
): Promise<BookComponent[]> {
  const next = normalizeComponents(items);
  return await changeBookDoc<BookComponents, BookComponent[]>(ENTITY, bookId, actor, (current) => {
    const before = current?.items ?? [];
    return {
      next: next.length ? { items: next } : null,
      audit: {
        action: before.length === 0 ? "create" : next.length === 0 ? "remove" : "update",
        what: "componentSave",
        before: before.length ? before : null,
        after: next.length ? next : null,
      },
      flags: { componentCount: next.length },
      result: next,
    };
  });
}

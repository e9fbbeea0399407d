/**
 * The list state of the structure pages lives in the URL (bookmarkable, the back button works): this reads it
 * forgivingly (a hand-edited URL shows the nearest sensible page, never an error) and writes links to it.
 */
import { DEFAULT_PAGE_SIZE } from "../ui/pagination.ts";

export interface ListUrlState {
  text: string;
  page: number;
  limit: number;
}

const TEXT_MAX = 100;

function positive(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function readListState(url: URL): ListUrlState {
  return {
    text: (url.searchParams.get("text") ?? "").trim().slice(0, TEXT_MAX),
    page: positive(url.searchParams.get("page"), 1, 1_000_000),
    limit: positive(url.searchParams.get("limit"), DEFAULT_PAGE_SIZE, 1000),
  };
}

/** A whole-number filter from the URL, or undefined when absent or not one of `allowed` (if given). */
export function readNumber(url: URL, name: string, allowed?: readonly number[]): number | undefined {
  const n = Number(url.searchParams.get(name) || NaN);
  if (!Number.isInteger(n) || n < 1) return undefined;
  return allowed && !allowed.includes(n) ? undefined : n;
}

/** The current URL with some parameters changed; empty values and the defaults are left out. */
export function hrefWith(url: URL, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(url.search);
  for (const [name, value] of Object.entries(changes)) {
    const isDefault = (name === "page" && value === 1) || (name === "limit" && value === DEFAULT_PAGE_SIZE);
    if (value === undefined || value === "" || isDefault) params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The /hr list's state lives in the URL (`?kind=&text=&schoolId=&page=&limit=`), so a search can be bookmarked
 * and the back button returns to it. Read forgivingly: a hand-edited URL shows the nearest sensible list.
 */
import { DEFAULT_PAGE_SIZE } from "../ui/pagination.ts";
import { formQuery, withQuery } from "../../utils/form_query.ts";
import type { PersonnelKind } from "./hr_row.ts";

export interface HrQuery {
  kind: PersonnelKind;
  text: string;
  schoolId: number | undefined;
  page: number;
  limit: number;
}

const TEXT_MAX = 100;

function whole(value: string | null, max: number): number | undefined {
  const n = Number(value || NaN);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : undefined;
}

export function readHrQuery(url: URL): HrQuery {
  const params = url.searchParams;
  return {
    kind: params.get("kind") === "administrative" ? "administrative" : "academic",
    text: (params.get("text") ?? "").trim().slice(0, TEXT_MAX),
    schoolId: whole(params.get("schoolId"), Number.MAX_SAFE_INTEGER),
    page: whole(params.get("page"), 1_000_000) ?? 1,
    limit: whole(params.get("limit"), 1000) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The /hr address of a list state; defaults (page 1, the default size, no filter) are left out. */
export function hrListHref(query: HrQuery): string {
  return withQuery(
    "/hr",
    formQuery([
      ["kind", query.kind],
      ["text", query.text],
      ["schoolId", query.schoolId],
      ["page", query.page > 1 ? query.page : undefined],
      ["limit", query.limit !== DEFAULT_PAGE_SIZE ? query.limit : undefined],
    ]),
  );
}

/**
 * The students list's state lives in the URL (bookmarkable, the back button works, no JavaScript needed): this
 * reads it forgivingly (a hand-edited URL shows the nearest sensible list, never an error) and writes links.
 */
import { STUDENT_STATUSES, type StudentStatus } from "../../services/academic/model.ts";
import type { StudentFilter } from "../../services/students/list_index.ts";
import { DEFAULT_PAGE_SIZE } from "../ui/pagination.ts";
import { formQuery, withQuery } from "../../utils/form_query.ts";

export interface StudentListState {
  filter: StudentFilter;
  page: number;
  limit: number;
}

const TEXT_MAX = 100;

function whole(value: string | null, min: number, max: number): number | undefined {
  const n = Number(value || NaN);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

export function readStudentListState(url: URL): StudentListState {
  const params = url.searchParams;
  const status = params.get("status") as StudentStatus;
  const text = (params.get("text") ?? "").trim().slice(0, TEXT_MAX);
  return {
    filter: {
      text: text || undefined,
      schoolId: whole(params.get("schoolId"), 1, Number.MAX_SAFE_INTEGER),
      programId: whole(params.get("programId"), 1, Number.MAX_SAFE_INTEGER),
      status: STUDENT_STATUSES.includes(status) ? status : undefined,
      admissionYear: whole(params.get("admissionYear"), 1900, 2200),
    },
    page: whole(params.get("page"), 1, 1_000_000) ?? 1,
    limit: whole(params.get("limit"), 1, 1000) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The list's URL for a filter, page and page size (defaults left out). */
export function studentListHref(filter: StudentFilter, page = 1, limit = DEFAULT_PAGE_SIZE): string {
  return withQuery(
    "/students",
    formQuery([
      ...Object.entries(filter),
      ["page", page !== 1 ? page : undefined],
      ["limit", limit !== DEFAULT_PAGE_SIZE ? limit : undefined],
    ]),
  );
}

/** The export download of the same filter (all pages). */
export function studentExportHref(filter: StudentFilter): string {
  return withQuery("/api/students/export", formQuery(Object.entries(filter)));
}

export function isFiltered(filter: StudentFilter): boolean {
  return Object.values(filter).some((value) => value !== undefined);
}

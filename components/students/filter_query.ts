/**
 * The students list's state lives in the URL (bookmarkable, the back button works, no JavaScript needed): this
 * reads it forgivingly (a hand-edited URL shows the nearest sensible list, never an error) and writes links.
 */
import { STUDENT_STATUSES, type StudentStatus } from "../../services/academic/model.ts";
import type { StudentFilter } from "../../services/students/list_index.ts";
import { DEFAULT_PAGE_SIZE } from "../ui/pagination.ts";

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

/** The filter as query parameters, empty ones left out. */
export function filterParams(filter: StudentFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  return params;
}

/** The list's URL for a filter, page and page size (defaults left out). */
export function studentListHref(filter: StudentFilter, page = 1, limit = DEFAULT_PAGE_SIZE): string {
  const params = filterParams(filter);
  if (page !== 1) params.set("page", String(page));
  if (limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(limit));
  const query = params.toString();
  return `/students${query ? `?${query}` : ""}`;
}

/** The export download of the same filter (all pages). */
export function studentExportHref(filter: StudentFilter): string {
  const query = filterParams(filter).toString();
  return `/api/students/export${query ? `?${query}` : ""}`;
}

export function isFiltered(filter: StudentFilter): boolean {
  return Object.values(filter).some((value) => value !== undefined);
}

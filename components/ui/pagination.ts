/** SPEC §9: page sizes of the course list (and, with an initial limit of 10, of the category links). */
export const DEFAULT_PAGE_SIZES: readonly number[] = [15, 20, 40, 80, 160, 320, 1000];
export const DEFAULT_PAGE_SIZE = 15;

export interface PageWindow {
  /** The page actually shown: the requested one, clamped to 1..pageCount. */
  page: number;
  pageCount: number;
  /** 1-based index of the first row shown; 0 when there are no rows. */
  from: number;
  /** 1-based index of the last row shown; 0 when there are no rows. */
  to: number;
}

function positiveInt(n: number, fallback: number): number {
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
}

/** Which rows page `page` of `limit` rows covers out of `total`. */
export function pageWindow(total: number, page: number, limit: number): PageWindow {
  const rows = Math.max(0, Math.floor(Number.isFinite(total) ? total : 0));
  const size = positiveInt(limit, DEFAULT_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(rows / size));
  const current = Math.min(positiveInt(page, 1), pageCount);
  if (rows === 0) return { page: current, pageCount, from: 0, to: 0 };
  return { page: current, pageCount, from: (current - 1) * size + 1, to: Math.min(current * size, rows) };
}

/** The size choices to offer: the configured ones plus the current limit if a URL asked for another. */
export function pageSizeChoices(options: readonly number[], limit: number): number[] {
  const all = new Set(options.filter((n) => n >= 1));
  all.add(positiveInt(limit, DEFAULT_PAGE_SIZE));
  return [...all].sort((a, b) => a - b);
}

/** The page that keeps the first visible row in view after the page size changes. */
export function pageAfterResize(page: number, oldLimit: number, newLimit: number): number {
  const firstRowIndex = (positiveInt(page, 1) - 1) * positiveInt(oldLimit, DEFAULT_PAGE_SIZE);
  return Math.floor(firstRowIndex / positiveInt(newLimit, DEFAULT_PAGE_SIZE)) + 1;
}

/** Fills `{from}`, `{to}` and `{total}` in a translated template such as "{from}–{to} of {total}". */
export function formatRange(template: string, window: PageWindow, total: number): string {
  return template
    .replaceAll("{from}", String(window.from))
    .replaceAll("{to}", String(window.to))
    .replaceAll("{total}", String(total));
}

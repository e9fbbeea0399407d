/**
 * File-system routing, Fresh's conventions: `index.tsx` → folder path, `[id].tsx` → `:id`,
 * `[...rest].tsx` → the rest of the path, `(group)/` adds nothing to the URL, `_app`, `_layout`,
 * `_middleware`, `_404` and `_500` are special. Pure functions of the manifest's file names; no I/O.
 */
export type RouteKind = "page" | "api" | "layout" | "middleware" | "app" | "notFound" | "error";

const SPECIAL: Record<string, RouteKind> = {
  _app: "app",
  _layout: "layout",
  _middleware: "middleware",
  _404: "notFound",
  _500: "error",
};

/** `./routes/books/[id].tsx` → `["books", "[id]"]` (extension dropped). */
export function segmentsOf(file: string): string[] {
  const rel = file.replace(/^\.?\/?routes\//, "").replace(/\.(tsx|ts|jsx|js)$/, "");
  return rel.split("/").filter(Boolean);
}

export function kindOf(file: string): RouteKind {
  const segments = segmentsOf(file);
  const last = segments.at(-1) ?? "";
  if (SPECIAL[last]) return SPECIAL[last];
  if (last.startsWith("_")) {
    throw new Error(
      `routes: "${file}" starts with "_" but is not one of ${Object.keys(SPECIAL).join(", ")}. ` +
        "Rename it, or move helpers out of routes/ (into components/ or services/).",
    );
  }
  return segments[0] === "api" ? "api" : "page";
}

/** Hono path pattern of a page or API file: `books/[id]` → `/books/:id`, `[...rest]` → `/:rest{.+}`. */
export function patternOf(file: string): string {
  const parts: string[] = [];
  for (const segment of segmentsOf(file)) {
    if (/^\(.+\)$/.test(segment)) continue;
    if (segment === "index") continue;
    const rest = segment.match(/^\[\.\.\.([A-Za-z_][\w]*)\]$/);
    if (rest) {
      parts.push(`:${rest[1]}{.+}`);
      continue;
    }
    const param = segment.match(/^\[([A-Za-z_][\w]*)\]$/);
    if (param) {
      parts.push(`:${param[1]}`);
      continue;
    }
    if (/[[\]]/.test(segment)) {
      throw new Error(`routes: "${file}" has a malformed segment "${segment}"; use [name] or [...name].`);
    }
    parts.push(segment);
  }
  return "/" + parts.join("/");
}

/** Folders a file sits in, outermost first: `books/x/[id].tsx` → `["", "books", "books/x"]`. */
export function foldersOf(file: string): string[] {
  const segments = segmentsOf(file).slice(0, -1);
  return ["", ...segments.map((_, i) => segments.slice(0, i + 1).join("/"))];
}

export function folderOf(file: string): string {
  return segmentsOf(file).slice(0, -1).join("/");
}

/**
 * Sort key so that static segments win over parameters and parameters over catch-alls, whatever order the
 * files were found in (Hono matches in registration order).
 */
export function specificity(pattern: string): number[] {
  return pattern.split("/").filter(Boolean).map((p) => p.includes("{.+}") ? 2 : p.startsWith(":") ? 1 : 0);
}

export function compareRoutes(a: string, b: string): number {
  const sa = specificity(a), sb = specificity(b);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const x = sa[i] ?? -1, y = sb[i] ?? -1;
    if (x !== y) return x - y;
  }
  return a.localeCompare(b);
}

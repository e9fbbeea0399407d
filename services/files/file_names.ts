/**
 * The name an uploaded file is stored and shown under. The person's name is kept as far as it is honest:
 * no folder part, no control characters, and no Unicode format characters — bidi overrides such as U+202E
 * would show `report\u202Excod.jar` as "reportraj.docx" — nor line or paragraph separators. Its extension is
 * then made to say what the content is (`extensionFor`), so a JAR that passes as a Word document is saved as
 * `.docx`, never as `.jar`, and a PDF named `page.html` never opens in a browser as a page.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const UNSAFE = /["<>]/g;
const MAX_NAME = 200;

/** The visible name: the last path segment without hidden or unsafe characters; `fallback` when none is left. */
export function cleanFileName(name: string, fallback = "file"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(HIDDEN, "").replace(UNSAFE, "").trim();
  return clean || fallback;
}

/**
 * `name` with the extension `extensions[0]` unless it already ends in one of `extensions` (case-insensitive);
 * any other extension is replaced. Cut to MAX_NAME characters, keeping the extension.
 */
export function withExtension(name: string, extensions: readonly string[]): string {
  const lower = name.toLowerCase();
  const kept = extensions.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
  const dot = name.lastIndexOf(".");
  const stem = kept ? name : dot > 0 ? name.slice(0, dot) : name;
  const extension = kept ? "" : extensions[0];
  return stem.slice(0, MAX_NAME - extension.length) + extension;
}

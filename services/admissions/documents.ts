/**
 * An applicant's documents (an identity document and a school certificate) are PDFs or photos, judged by their
 * bytes (files/sniff.ts for the PDF signature), never by the name or the browser's Content-Type, and at most
 * DOCUMENT_MAX_BYTES each. The page reads the request under a limit counted while it arrives
 * (http/body_limits.ts), so an oversized post is refused before it is held in memory.
 */
import { PDF_MAGIC, startsWith } from "../files/sniff.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import type { DocumentFormat, DocumentKind } from "./model.ts";

export const DOCUMENT_MAX_BYTES = 3 * 1024 * 1024;
/** Both documents at their largest, plus the form's text fields and multipart framing. */
export const ONLINE_REGISTER_BODY_LIMIT = 2 * DOCUMENT_MAX_BYTES + 64 * 1024;
/** The same as JSON (the API's applicationSubmit): the two documents in base64, four bytes for every three. */
export const APPLICATION_JSON_BODY_LIMIT = Math.ceil((2 * DOCUMENT_MAX_BYTES) / 3) * 4 + 64 * 1024;
const NAME_MAX = 120;

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const FORMAT_MIME: Record<DocumentFormat, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
};

const EXTENSIONS: Record<DocumentFormat, readonly string[]> = {
  pdf: [".pdf"],
  jpeg: [".jpg", ".jpeg"],
  png: [".png"],
};

/** What the bytes are: a PDF, a JPEG or a PNG photo, or null. */
export function detectFormat(bytes: Uint8Array): DocumentFormat | null {
  if (startsWith(bytes, PDF_MAGIC)) return "pdf";
  if (startsWith(bytes, JPEG_MAGIC)) return "jpeg";
  if (startsWith(bytes, PNG_MAGIC)) return "png";
  return null;
}

export interface UploadedDocument {
  kind: DocumentKind;
  name: string;
  format: DocumentFormat;
  bytes: Uint8Array;
}

/**
 * Checks one upload: its size, that its content is a PDF or a photo, and that its name's extension (if it
 * has a known one) says the same. Returns the error for its field, or the document.
 */
export function checkDocument(
  kind: DocumentKind,
  name: string,
  bytes: Uint8Array,
): UploadedDocument | FieldError {
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) {
    return { key: "admissions.errors.documentTooLarge", params: { max: DOCUMENT_MAX_BYTES / 1024 / 1024 } };
  }
  const format = detectFormat(bytes);
  if (!format) return { key: "admissions.errors.documentType" };
  const lower = name.toLowerCase();
  const claimed = (Object.keys(EXTENSIONS) as DocumentFormat[]).find((f) =>
    EXTENSIONS[f].some((ext) => lower.endsWith(ext))
  );
  if (!claimed || claimed !== format) return { key: "admissions.errors.documentMismatch" };
  return { kind, name: safeName(name, format), format, bytes };
}

/** Checks every upload, and reports every bad one at its field (422). */
export function checkDocuments(files: { kind: DocumentKind; name: string; bytes: Uint8Array }[]) {
  const fields: Record<string, FieldError> = {};
  const documents: UploadedDocument[] = [];
  for (const file of files) {
    const checked = checkDocument(file.kind, file.name, file.bytes);
    if ("key" in checked) fields[file.kind] = checked;
    else documents.push(checked);
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return documents;
}

/** A name safe to show and to send in Content-Disposition: no path, no control characters, capped. */
function safeName(name: string, format: DocumentFormat): string {
  const base = [...name.split(/[\\/]/).pop()!].filter((c) => c >= " " && c !== "\u007f" && c !== '"').join("")
    .trim();
  return (base || `document${EXTENSIONS[format][0]}`).slice(-NAME_MAX);
}

/**
 * The files domain (services/files/) owns what is done with whole files: judging an upload by its content
 * (this file) and writing .xlsx downloads (xlsx_export.ts). What a document upload really is, judged by its
 * bytes rather than by its name or the browser's Content-Type: a PDF starts with `%PDF-`; a DOCX is a ZIP
 * archive whose central directory lists `word/document.xml`. Nothing is decompressed or parsed beyond the ZIP
 * directory, so a hostile file costs a bounded scan.
 */
export type DocumentKind = "pdf" | "docx";

export const DOCUMENT_KINDS: Record<DocumentKind, { extension: string; mime: string }> = {
  pdf: { extension: ".pdf", mime: "application/pdf" },
  docx: {
    extension: ".docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
};

export const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
/** A DOCX's main part: a ZIP is a Word document when its directory lists it. */
export const DOCX_MAIN = "word/document.xml";

/** The kind a file name's extension claims (case-insensitive), or null. */
export function kindOfName(name: string): DocumentKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".pdf")) return "pdf";
  if (lower.endsWith(".docx")) return "docx";
  return null;
}

/** Whether `bytes` begin with the signature `magic`. */
export const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** Whether the first bytes of an upload can begin a file of `kind` (checked on the first chunk). */
export function startsLike(kind: DocumentKind, head: Uint8Array): boolean {
  return startsWith(head, kind === "pdf" ? PDF_MAGIC : ZIP_LOCAL);
}

/** The kind of a whole file, or null when it is neither a PDF nor a DOCX. */
export function detectDocument(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, PDF_MAGIC)) return "pdf";
  if (startsWith(bytes, ZIP_LOCAL) && zipEntryNames(bytes).includes(DOCX_MAIN)) return "docx";
  return null;
}

/** Names in a ZIP's central directory ([] when the archive is damaged). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end of the archive.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== CENTRAL) return [];
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > end) return [];
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

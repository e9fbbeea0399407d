/**
 * The type of an uploaded file by its content (magic bytes), never by its name or the browser's claim:
 * images, video, audio, PDF and office documents are accepted; anything else (HTML, SVG, scripts, executables)
 * is refused. Returns the MIME type to store and serve (with `nosniff`), or null.
 */
import {
  DOCUMENT_KINDS,
  DOCX_MAIN,
  PDF_MAGIC,
  startsWith,
  ZIP_LOCAL,
  zipEntryNames,
} from "../files/sniff.ts";

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** OpenDocument stores its type uncompressed as the first entry, `mimetype`, right after its local header. */
const ODF_MIMETYPE = /^mimetypeapplication\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/;

/** Office Open XML: the package's main part, found in the ZIP's central directory. */
const OOXML_PARTS: [string, string][] = [
  [DOCX_MAIN, DOCUMENT_KINDS.docx.mime],
  ["xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
];

const OLE_TYPES: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

export function sniffType(bytes: Uint8Array, originalName: string): string | null {
  if (bytes.length < 4) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(bytes, 0, 4) === "GIF8") return "image/gif";
  if (ascii(bytes, 0, 4) === "RIFF") {
    const kind = ascii(bytes, 8, 4);
    if (kind === "WEBP") return "image/webp";
    if (kind === "WAVE") return "audio/wav";
    if (kind === "AVI ") return "video/x-msvideo";
    return null;
  }
  if (ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (brand.startsWith("M4A")) return "audio/mp4";
    if (brand === "qt  ") return "video/quicktime";
    if (brand.startsWith("3g")) return "video/3gpp";
    if (brand === "heic" || brand === "heix" || brand === "mif1") return "image/heic";
    return "video/mp4";
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return "audio/mpeg";
  if (ascii(bytes, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(bytes, 0, 4) === "fLaC") return "audio/flac";
  if (startsWith(bytes, PDF_MAGIC)) return DOCUMENT_KINDS.pdf.mime;
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // The old binary Office formats share one container; the name tells which program opens it.
    const extension = originalName.toLowerCase().split(".").pop() ?? "";
    return OLE_TYPES[extension] ?? OLE_TYPES.doc;
  }
  if (startsWith(bytes, ZIP_LOCAL)) return zipOfficeType(bytes);
  return null;
}

function zipOfficeType(bytes: Uint8Array): string | null {
  const odf = ascii(bytes, 30, 80).match(ODF_MIMETYPE);
  if (odf) return `application/vnd.oasis.opendocument.${odf[1]}`;
  const names = zipEntryNames(bytes);
  if (!names.includes("[Content_Types].xml")) return null;
  return OOXML_PARTS.find(([part]) => names.includes(part))?.[1] ?? null;
}

/** The message type a stored file makes. */
export function messageTypeOf(mime: string): "IMAGE" | "VIDEO" | "AUDIO" | "FILE" {
  if (mime.startsWith("image/")) return "IMAGE";
  if (mime.startsWith("video/")) return "VIDEO";
  if (mime.startsWith("audio/")) return "AUDIO";
  return "FILE";
}

/** Shown inline (the widget's image and players); everything else downloads. */
export const showsInline = (mime: string) => /^(image|video|audio)\//.test(mime);

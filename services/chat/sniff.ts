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

/** The extensions a stored file's name may end in, by its type; the first is the one given when it has none. */
export const EXTENSIONS: Record<string, readonly string[]> = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
  "image/heic": [".heic", ".heif"],
  "audio/wav": [".wav"],
  "audio/mp4": [".m4a"],
  "audio/mpeg": [".mp3"],
  "audio/ogg": [".ogg", ".oga", ".opus"],
  "audio/flac": [".flac"],
  "video/x-msvideo": [".avi"],
  "video/quicktime": [".mov"],
  "video/3gpp": [".3gp"],
  "video/mp4": [".mp4", ".m4v"],
  "video/webm": [".webm", ".mkv"],
  [DOCUMENT_KINDS.pdf.mime]: [".pdf"],
  [DOCUMENT_KINDS.docx.mime]: [".docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": [".pptx"],
  "application/vnd.oasis.opendocument.text": [".odt"],
  "application/vnd.oasis.opendocument.spreadsheet": [".ods"],
  "application/vnd.oasis.opendocument.presentation": [".odp"],
  "application/msword": [".doc"],
  "application/vnd.ms-excel": [".xls"],
  "application/vnd.ms-powerpoint": [".ppt"],
};

/** ISO media brands we take as video (those that are audio or images are named apart below). */
const VIDEO_BRANDS = /^(isom|iso[2-9]|mp4[12]|avc1|dash|M4V |M4VP|mmp4|MSNV|f4v |XAVC)$/;

/** A whole PDF header: `%PDF-` and a version such as `1.7`. */
const PDF_HEADER = /^%PDF-[12]\.\d/;

export function sniffType(bytes: Uint8Array, originalName: string): string | null {
  if (bytes.length < 8) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "image/gif";
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
    return VIDEO_BRANDS.test(brand) ? "video/mp4" : null;
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (ascii(bytes, 0, 3) === "ID3" || isMp3Frames(bytes)) return "audio/mpeg";
  if (ascii(bytes, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(bytes, 0, 4) === "fLaC") return "audio/flac";
  if (startsWith(bytes, PDF_MAGIC)) {
    return PDF_HEADER.test(ascii(bytes, 0, 8)) ? DOCUMENT_KINDS.pdf.mime : null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // The old binary Office formats share one container; the name tells which program opens it.
    const extension = originalName.toLowerCase().split(".").pop() ?? "";
    return OLE_TYPES[extension] ?? OLE_TYPES.doc;
  }
  if (startsWith(bytes, ZIP_LOCAL)) return zipOfficeType(bytes);
  return null;
}

/**
 * MPEG audio without a tag: a frame header whose fields are all valid (not the reserved version, layer,
 * bitrate or rate), followed by a second one where the first frame ends. Two bytes of sync (`FF Ex`), as
 * before, let random data pass.
 */
function isMp3Frames(bytes: Uint8Array): boolean {
  const first = mp3FrameLength(bytes, 0);
  return first !== null && mp3FrameLength(bytes, first) !== null;
}

const MP3_BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES = [44100, 48000, 32000];

/** The length of the Layer III frame whose header starts at `at`, or null when there is none. */
function mp3FrameLength(bytes: Uint8Array, at: number): number | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1] >> 3) & 3; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5, 1: reserved
  const layer = (bytes[at + 1] >> 1) & 3; // 1: Layer III
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
    return null;
  }
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? MP3_BITRATES_V1_L3 : MP3_BITRATES_V2_L3)[bitrateIndex] * 1000;
  const rate = MP3_RATES[rateIndex] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (bytes[at + 2] >> 1) & 1;
  return at + Math.floor(((mpeg1 ? 144 : 72) * bitrate) / rate) + padding;
}

/** Entries that make an archive runnable as Java, whatever else it holds (a JAR can also be a valid DOCX). */
const RUNNABLE_ENTRY = /(^|\/)(META-INF\/MANIFEST\.MF|[^/]+\.class)$/i;

function zipOfficeType(bytes: Uint8Array): string | null {
  const odf = ascii(bytes, 30, 80).match(ODF_MIMETYPE);
  const names = zipEntryNames(bytes);
  if (names.some((name) => RUNNABLE_ENTRY.test(name))) return null;
  if (odf) return `application/vnd.oasis.opendocument.${odf[1]}`;
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

/**
 * Whether a file starting with `head` (its first chunk) can be one we accept: refused types are refused on the
 * first chunk, before the rest is sent and stored. Office documents in ZIP packages are decided at the end (their
 * parts are listed in the archive's central directory), so a ZIP start passes here and is judged whole.
 */
export function acceptableStart(head: Uint8Array, originalName: string): boolean {
  return startsWith(head, ZIP_LOCAL) || sniffType(head, originalName) !== null;
}

/** Every extension an accepted file may have (for the browser's own check before it sends anything). */
export const ACCEPTED_EXTENSIONS: readonly string[] = [...new Set(Object.values(EXTENSIONS).flat())];

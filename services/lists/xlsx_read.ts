/**
 * Reads the first sheet of an .xlsx upload as rows of cell values, without SheetJS (ARCHITECTURE §1: SheetJS
 * writes only; uploads are never parsed with it). An .xlsx is a ZIP of XML parts: this reads the central
 * directory, inflates the sheet and the shared strings with the platform's DecompressionStream, and reads the
 * `<c>` cells. Bounded against hostile files: the archive's size, each part's inflated size and the rows and
 * columns read are capped, and anything malformed is an error, never a crash.
 */
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const PART_MAX_BYTES = 8 * 1024 * 1024;
export const XLSX_ROWS_MAX = 2000;
const COLUMNS_MAX = 50;

export class XlsxReadError extends Error {}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  offset: number;
}

function entries(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxReadError("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const found: Entry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== CENTRAL) {
      throw new XlsxReadError("damaged archive");
    }
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    found.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      offset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return found;
}

async function inflate(bytes: Uint8Array, entry: Entry): Promise<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.offset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) {
    throw new XlsxReadError("damaged archive");
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new XlsxReadError("damaged archive");
  if (entry.method === 0) return new TextDecoder().decode(data);
  if (entry.method !== 8) throw new XlsxReadError("unsupported compression");
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new DecompressionStream("deflate-raw"),
  ).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > PART_MAX_BYTES) throw new XlsxReadError("part too large");
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error instanceof XlsxReadError ? error : new XlsxReadError("damaged archive");
  }
  const all = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) all.set(c, (o += c.length) - c.length);
  return new TextDecoder().decode(all);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(
    /&(#x[0-9a-f]+|#\d+|\w+);/gi,
    (whole, name: string) =>
      name[0] === "#"
        ? String.fromCodePoint(
          name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
        )
        : ENTITIES[name] ?? whole,
  );

const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1])).join("");

/** Column letters → 0-based index ("A" → 0, "AB" → 27). */
const columnOf = (ref: string) => [...ref].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

export type XlsxValue = string | number | null;

/** The first sheet's rows (row 1 first), each an array of its cells' values (null where empty). */
export async function readFirstSheet(bytes: Uint8Array): Promise<XlsxValue[][]> {
  const parts = entries(bytes);
  const sheet = parts.filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
    .sort((a, b) => Number(a.name.match(/\d+/)![0]) - Number(b.name.match(/\d+/)![0]))[0];
  if (!sheet) throw new XlsxReadError("no worksheet");
  const stringsPart = parts.find((e) => e.name === "xl/sharedStrings.xml");
  const strings = stringsPart
    ? [...(await inflate(bytes, stringsPart)).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]))
    : [];
  const xml = await inflate(bytes, sheet);
  const rows: XlsxValue[][] = [];
  for (const row of xml.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const index = Number(/\br="(\d+)"/.exec(row[1])?.[1] ?? rows.length + 1) - 1;
    if (index >= XLSX_ROWS_MAX) throw new XlsxReadError("too many rows");
    const values: XlsxValue[] = [];
    for (const cell of row[2].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = /\br="([A-Z]+)\d+"/.exec(cell[1])?.[1];
      const col = ref ? columnOf(ref) : values.length;
      if (col >= COLUMNS_MAX) continue;
      const type = /\bt="(\w+)"/.exec(cell[1])?.[1] ?? "n";
      const raw = /<v>([\s\S]*?)<\/v>/.exec(cell[2] ?? "")?.[1];
      const value: XlsxValue = type === "s"
        ? strings[Number(raw)] ?? null
        : type === "inlineStr"
        ? textOf(cell[2] ?? "")
        : raw === undefined
        ? null
        : type === "n"
        ? Number(raw)
        : unescapeXml(raw);
      while (values.length < col) values.push(null);
      values[col] = value;
    }
    rows[index] = values;
  }
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Rows of an uploaded table: CSV (comma or semicolon, quoted fields, UTF-8 with or without a BOM) or the
 * first sheet of an .xlsx. SheetJS writes our downloads but never parses uploads (ARCHITECTURE §1), so the
 * .xlsx is read here: its zip directory, the two parts a sheet needs (inflated with the platform's
 * DecompressionStream), and their cells' text. Formulas are never evaluated: a cell is its stored value.
 */

export const SHEET_MAX_BYTES = 4 * 1024 * 1024;
export const SHEET_MAX_ROWS = 20_000;

export class SheetError extends Error {}

export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.slice(0, body.indexOf("\n") === -1 ? undefined : body.indexOf("\n"));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [], field = "", quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      if (rows.length > SHEET_MAX_ROWS + 1) throw new SheetError("tooManyRows");
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** The named files of a zip archive, inflated (only `wanted`). */
async function unzip(bytes: Uint8Array, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SheetError("notXlsx");
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const out = new Map<string, string>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (u32(bytes, at) !== 0x02014b50) throw new SheetError("notXlsx");
    const method = u16(bytes, at + 10);
    const size = u32(bytes, at + 20);
    // A zip bomb is refused by what its directory declares, before anything is inflated.
    if (u32(bytes, at + 24) > 16 * SHEET_MAX_BYTES) throw new SheetError("tooLarge");
    const nameLength = u16(bytes, at + 28);
    const skip = nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    const local = u32(bytes, at + 42);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (!wanted(name)) continue;
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    const data = bytes.subarray(start, start + size);
    if (method === 0) out.set(name, decoder.decode(data));
    else if (method === 8) {
      const stream = new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      const inflated = await new Response(stream).arrayBuffer();
      if (inflated.byteLength > 16 * SHEET_MAX_BYTES) throw new SheetError("tooLarge");
      out.set(name, decoder.decode(inflated));
    } else throw new SheetError("notXlsx");
  }
  return out;
}

const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-f]+));/gi,
    (_, name, dec, hex) =>
      dec
        ? String.fromCodePoint(Number(dec))
        : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" } as Record<string, string>)[name],
  );

const textOf = (xml: string) =>
  unescapeXml([...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]).join(""));

const columnOf = (ref: string) =>
  [...ref.replace(/\d+$/, "")].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

export async function parseXlsx(bytes: Uint8Array): Promise<string[][]> {
  const files = await unzip(bytes, (n) => n === "xl/sharedStrings.xml" || n === "xl/worksheets/sheet1.xml");
  const sheet = files.get("xl/worksheets/sheet1.xml");
  if (!sheet) throw new SheetError("notXlsx");
  const shared = [...(files.get("xl/sharedStrings.xml") ?? "").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    textOf(m[1])
  );
  const rows: string[][] = [];
  for (const rowMatch of sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    if (rows.length > SHEET_MAX_ROWS) throw new SheetError("tooManyRows");
    const row: string[] = [];
    for (const cell of rowMatch[1].matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1];
      const ref = /r="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const type = /t="(\w+)"/.exec(attrs)?.[1];
      const inner = cell[2] ?? "";
      const v = /<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? "";
      const value = type === "s"
        ? shared[Number(v)] ?? ""
        : type === "inlineStr"
        ? textOf(inner)
        : unescapeXml(v);
      row[ref ? columnOf(ref) : row.length] = value;
    }
    rows.push(Array.from(row, (c) => c ?? ""));
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

/** The rows of a .csv or .xlsx (told apart by their first bytes, not their name). */
export async function readSheet(bytes: Uint8Array): Promise<string[][]> {
  if (bytes.length > SHEET_MAX_BYTES) throw new SheetError("tooLarge");
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return await parseXlsx(bytes);
  const text = new TextDecoder("utf-8", { fatal: true });
  try {
    return parseCsv(text.decode(bytes));
  } catch (error) {
    if (error instanceof SheetError) throw error;
    throw new SheetError("notText");
  }
}

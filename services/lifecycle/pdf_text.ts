/**
 * Text in a PDF that mixes Georgian and Latin: the self-hosted Noto Sans Georgian comes as two subsets (the
 * Georgian letters, and Latin with digits and punctuation), so a line is drawn as runs, each in the subset that
 * has its letters. The fonts are read once from ./static (which the server may read: `deno task build` copies
 * them there from @fontsource/noto-sans-georgian) and embedded as subsets, so a document carries only the
 * glyphs it uses. The WOFF files, not the WOFF2 ones the pages use: pdf-lib's embedding of a WOFF2 face makes a
 * PDF whose text no viewer draws; each is unwrapped once into the TrueType font it holds (woff.ts).
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import fontkit from "@pdf-lib/fontkit";
import { woffToSfnt } from "./woff.ts";

const FONT_DIR = "./static/_build/fonts";
const FILES = {
  kaRegular: "noto-sans-georgian-georgian-400-normal.woff",
  kaBold: "noto-sans-georgian-georgian-700-normal.woff",
  latinRegular: "noto-sans-georgian-latin-400-normal.woff",
  latinBold: "noto-sans-georgian-latin-700-normal.woff",
} as const;

type FontBytes = Record<keyof typeof FILES, Uint8Array>;
let fontBytes: Promise<FontBytes> | null = null;

function loadFontBytes(): Promise<FontBytes> {
  fontBytes ??= Promise.all(
    Object.entries(FILES).map(async ([name, file]) =>
      [name, woffToSfnt(await Deno.readFile(`${FONT_DIR}/${file}`))] as const
    ),
  ).then((entries) => Object.fromEntries(entries) as FontBytes).catch((e) => {
    fontBytes = null;
    throw e;
  });
  return fontBytes;
}

export interface Fonts {
  ka: PDFFont;
  kaBold: PDFFont;
  latin: PDFFont;
  latinBold: PDFFont;
}

/**
 * fontkit for pdf-lib, parsing each font file once per process (about 12 ms a document
 * otherwise). The parsed fonts are shared read-only; each document makes its own subset.
 */
const parsed = new WeakMap<Uint8Array, unknown>();
const cachingFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes, postscriptName);
      withCmapLayout(font as LayoutFont);
      parsed.set(bytes, font);
    }
    return font;
  },
} as unknown as typeof fontkit;

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(cachingFontkit);
  const bytes = await loadFontBytes();
  const embed = (b: Uint8Array) => doc.embedFont(b, { subset: true });
  const [ka, kaBold, latin, latinBold] = await Promise.all([
    embed(bytes.kaRegular),
    embed(bytes.kaBold),
    embed(bytes.latinRegular),
    embed(bytes.latinBold),
  ]);
  return { ka, kaBold, latin, latinBold };
}

interface GlyphLike {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface LayoutFont {
  layout(text: string): { glyphs: GlyphLike[]; positions: unknown[] };
  glyphForCodePoint(codePoint: number): GlyphLike;
}

/**
 * Georgian and Latin need no shaping (no joining, no reordering), so glyphs are looked up in the font's
 * character map, one per character, instead of through fontkit's full layout engine, which cost about a
 * millisecond per string and made a 60-course supplement take over 300 ms. Ligatures and kerning are not
 * applied: each letter keeps its own advance.
 */
function withCmapLayout(fontkitFont: LayoutFont): void {
  const glyphs = new Map<number, GlyphLike>();
  fontkitFont.layout = (text: string) => ({
    glyphs: Array.from(text, (char) => {
      const codePoint = char.codePointAt(0)!;
      let glyph = glyphs.get(codePoint);
      if (!glyph) glyphs.set(codePoint, glyph = fontkitFont.glyphForCodePoint(codePoint));
      return glyph;
    }),
    positions: [],
  });
}

const isGeorgian = (code: number) =>
  (code >= 0x10a0 && code <= 0x10ff) || (code >= 0x1c90 && code <= 0x1cbf) ||
  (code >= 0x2d00 && code <= 0x2d2f);

/** The text cut into runs of one script each. */
export function scriptRuns(text: string): { text: string; georgian: boolean }[] {
  const runs: { text: string; georgian: boolean }[] = [];
  for (const char of text) {
    const georgian = isGeorgian(char.codePointAt(0)!);
    const last = runs.at(-1);
    // Spaces join the run they are in, so a Georgian phrase stays one run.
    if (last && (last.georgian === georgian || char === " ")) last.text += char;
    else runs.push({ text: char, georgian });
  }
  return runs;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: RGB;
}

const fontOf = (fonts: Fonts, georgian: boolean, bold?: boolean) =>
  georgian ? (bold ? fonts.kaBold : fonts.ka) : (bold ? fonts.latinBold : fonts.latin);

export function textWidth(fonts: Fonts, text: string, style: TextStyle): number {
  return scriptRuns(text).reduce(
    (sum, run) => sum + fontOf(fonts, run.georgian, style.bold).widthOfTextAtSize(run.text, style.size),
    0,
  );
}

/** The text, cut with an ellipsis if it is wider than `width`. */
export function fitted(fonts: Fonts, text: string, style: TextStyle, width: number): string {
  if (textWidth(fonts, text, style) <= width) return text;
  const chars = [...text];
  let low = 0, high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(fonts, chars.slice(0, mid).join("") + "…", style) <= width) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join("").trimEnd() + "…";
}

/** Draws `text` from (x, y), each run in its script's font; returns the width drawn. */
export function drawText(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
): number {
  let at = x;
  for (const run of scriptRuns(text)) {
    const font = fontOf(fonts, run.georgian, style.bold);
    page.drawText(run.text, { x: at, y, size: style.size, font, color: style.color });
    at += font.widthOfTextAtSize(run.text, style.size);
  }
  return at - x;
}

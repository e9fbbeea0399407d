/** The WOFF unwrapping gives the font fontkit reads the same as the WOFF: same glyphs for the same letters. */
import fontkit from "@pdf-lib/fontkit";
import { assertEquals } from "../../tests/assert.ts";
import { woffToSfnt } from "./woff.ts";

Deno.test("a WOFF font unwrapped is the same font", async () => {
  const woff = await Deno.readFile(
    "node_modules/@fontsource/noto-sans-georgian/files/noto-sans-georgian-georgian-400-normal.woff",
  );
  const sfnt = woffToSfnt(woff);
  assertEquals(new DataView(sfnt.buffer).getUint32(0), 0x00010000); // TrueType outlines
  const [a, b] = [fontkit.create(woff), fontkit.create(sfnt)] as unknown as {
    numGlyphs: number;
    glyphForCodePoint(c: number): { id: number; advanceWidth: number };
  }[];
  assertEquals(b.numGlyphs, a.numGlyphs);
  for (const char of "დიპლომის დანართი") {
    const [x, y] = [a.glyphForCodePoint(char.codePointAt(0)!), b.glyphForCodePoint(char.codePointAt(0)!)];
    assertEquals([y.id, y.advanceWidth], [x.id, x.advanceWidth]);
  }
});

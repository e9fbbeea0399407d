/**
 * The diploma supplement on a :memory: KV: a graduate's PDF in both languages is a valid PDF that embeds the
 * Georgian and Latin fonts and carries the Georgian text (its ToUnicode maps name Georgian letters); the
 * year's batch is a .zip with one PDF per graduate; a student who has not graduated gets none. Needs the fonts
 * that `deno task build` copies to static/_build/fonts.
 */
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { unzipSync, unzlibSync } from "fflate";
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { AppError } from "../../utils/errors.ts";
import { addGraduate } from "./test_fixtures.ts";
import { supplementPdf } from "./supplement.ts";
import { supplementBatch } from "./supplement_batch.ts";

/** Every Flate stream of the PDF, inflated, as text. */
async function streams(bytes: Uint8Array): Promise<{ doc: PDFDocument; texts: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of("Filter"));
    const raw = object.getContents();
    const data = filter === PDFName.of("FlateDecode") ? unzlibSync(raw) : raw;
    texts.push(new TextDecoder("latin1").decode(data));
  }
  return { doc, texts };
}

Deno.test("lifecycle: the diploma supplement", async (t) => {
  await openDb(":memory:");
  try {
    const graduate = await addGraduate(7, 60);

    for (const lang of ["ka", "en"] as const) {
      await t.step(`a graduate with 60 courses gets a bilingual PDF (${lang} first)`, async () => {
        const bytes = await supplementPdf(graduate.id, lang);
        assertEquals(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
        const { doc, texts } = await streams(bytes);
        assert(doc.getPageCount() >= 2, "60 courses take more than one page");
        assertEquals(doc.getTitle(), "Diploma Supplement — Nino Beridze");
        const cmaps = texts.filter((s) => s.includes("begincmap"));
        assertEquals(cmaps.length, 4, "Georgian and Latin, regular and bold, each with its ToUnicode map");
        // ნ (U+10DC) and დ (U+10D3) of "ნინო" and "დიპლომის დანართი" are among the mapped glyphs.
        assert(cmaps.some((c) => /<10DC>/i.test(c) && /<10D3>/i.test(c)), "Georgian letters are embedded");
        assert(cmaps.some((c) => /<0047>/.test(c)), "so are Latin ones (G of GPA)");
        assert(texts.some((s) => s.includes(" Tj")), "the pages draw text");
      });
    }

    await t.step("the year's batch is a .zip with one PDF per graduate", async () => {
      const zip = unzipSync(await supplementBatch(2026, "ka"));
      const names = Object.keys(zip);
      assertEquals(names, ["7-Beridze-Nino.pdf"]);
      assertEquals(new TextDecoder().decode(zip[names[0]].subarray(0, 5)), "%PDF-");
      assertEquals(Object.keys(unzipSync(await supplementBatch(2019, "ka"))), []);
    });

    await t.step("a student who has not graduated gets no supplement", async () => {
      const active = await addGraduate(8, 3);
      await db().set(["students", active.id], { ...active, status: "active" });
      const error = await assertRejects(() => supplementPdf(active.id, "ka"), AppError) as AppError;
      assertEquals([error.status, error.code], [409, "not_graduated"]);
      const missing = await assertRejects(() => supplementPdf(999, "ka"), AppError) as AppError;
      assertEquals(missing.status, 404);
    });
  } finally {
    await closeDb();
  }
});

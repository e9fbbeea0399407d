import { assertEquals } from "../../tests/assert.ts";
import { zip } from "../../tests/fixtures/zip.ts";
import { messageTypeOf, sniffType } from "./sniff.ts";

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);
const text = (value: string) => new TextEncoder().encode(value);

Deno.test("chat uploads are typed by their content", async (t) => {
  await t.step("images, audio, video and PDF by their signatures", () => {
    assertEquals(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0), "x.txt"), "image/jpeg");
    assertEquals(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), "a"), "image/png");
    assertEquals(sniffType(text("GIF89a......"), "a.png"), "image/gif");
    assertEquals(sniffType(text("RIFF....WEBPVP8 "), "a"), "image/webp");
    assertEquals(sniffType(text("....ftypisom...."), "a"), "video/mp4");
    assertEquals(sniffType(text("ID3............."), "a"), "audio/mpeg");
    assertEquals(sniffType(text("%PDF-1.7\n......"), "a.docx"), "application/pdf");
  });

  await t.step("office documents by the parts their archive lists", () => {
    const docx = zip(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
    const xlsx = zip(["[Content_Types].xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"]);
    const pptx = zip(["[Content_Types].xml", "ppt/presentation.xml"]);
    assertEquals(
      sniffType(docx, "a.pdf"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    assertEquals(sniffType(xlsx, "a"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assertEquals(
      sniffType(pptx, "a"),
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    );
    const odt = zip(["mimetype", "content.xml"], { mimetype: "application/vnd.oasis.opendocument.text" });
    assertEquals(sniffType(odt, "a"), "application/vnd.oasis.opendocument.text");
  });

  await t.step("a ZIP that only mentions office parts in its data is refused", () => {
    const plain = zip(["notes.txt"], { "notes.txt": "[Content_Types].xml word/document.xml" });
    assertEquals(sniffType(plain, "a.docx"), null);
    assertEquals(sniffType(zip(["[Content_Types].xml", "other.xml"]), "a.docx"), null);
  });

  await t.step("markup, scripts and executables are refused whatever their name", () => {
    assertEquals(sniffType(text("<html><script>alert(1)</script></html>"), "a.png"), null);
    assertEquals(sniffType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.jpg"), null);
    assertEquals(sniffType(text("MZ\x90\x00executable"), "a.pdf"), null);
    assertEquals(sniffType(new Uint8Array([0xff]), "a.jpg"), null);
  });

  await t.step("signatures are checked whole, not by their first bytes", () => {
    const noise = crypto.getRandomValues(new Uint8Array(4096));
    noise.set([0xff, 0xe3]);
    assertEquals(sniffType(noise, "a.mp3"), null, "two bytes of MPEG sync are not an MP3");
    // MPEG 1 Layer III, 128 kbit/s, 44.1 kHz: 417-byte frames, one after the other.
    const mp3 = new Uint8Array(417 * 3);
    for (let at = 0; at < mp3.length; at += 417) mp3.set([0xff, 0xfb, 0x90, 0x64], at);
    assertEquals(sniffType(mp3, "a"), "audio/mpeg");
    assertEquals(sniffType(text("GIF8<script>...."), "a.gif"), null);
    assertEquals(sniffType(text("....ftypabcd...."), "a.mp4"), null);
    assertEquals(sniffType(text("%PDF-<html>....."), "a.pdf"), null);
  });

  await t.step("an archive that Java would run is refused, even when it is also a valid document", () => {
    const parts = ["[Content_Types].xml", "word/document.xml"];
    assertEquals(sniffType(zip([...parts, "META-INF/MANIFEST.MF", "Main.class"]), "report.docx"), null);
    assertEquals(sniffType(zip([...parts, "a/b/Evil.class"]), "report.docx"), null);
  });

  await t.step("the message type follows the stored type", () => {
    assertEquals(messageTypeOf("image/png"), "IMAGE");
    assertEquals(messageTypeOf("video/mp4"), "VIDEO");
    assertEquals(messageTypeOf("audio/ogg"), "AUDIO");
    assertEquals(messageTypeOf("application/pdf"), "FILE");
  });
});

import { assertEquals } from "../../tests/assert.ts";
import { cleanFileName, withExtension } from "./file_names.ts";

Deno.test("uploaded file names", async (t) => {
  await t.step("bidi overrides and other invisible characters are removed", () => {
    assertEquals(cleanFileName("report\u202Excod.jar"), "reportxcod.jar");
    assertEquals(cleanFileName("a\u200Bb\u2066c\u2069\uFEFF.pdf"), "abc.pdf");
    assertEquals(cleanFileName("line\u2028break\nx.png"), "linebreakx.png");
    assertEquals(cleanFileName("C:\\Users\\me\\ჩემი.docx"), "ჩემი.docx");
    assertEquals(cleanFileName("\u202E"), "file");
  });

  await t.step("the extension says what the content is", () => {
    const docx = [".docx"];
    assertEquals(withExtension("report.jar", docx), "report.docx");
    assertEquals(withExtension("pdfhtml.html", [".pdf"]), "pdfhtml.pdf");
    assertEquals(withExtension("setup.exe", [".png"]), "setup.png");
    assertEquals(withExtension("Photo.JPEG", [".jpg", ".jpeg"]), "Photo.JPEG");
    assertEquals(withExtension("notes", [".pdf"]), "notes.pdf");
    assertEquals(withExtension(".hta", [".pdf"]), ".hta.pdf");
    assertEquals(withExtension("x".repeat(300) + ".jar", docx).length, 200);
    assertEquals(withExtension("x".repeat(300) + ".jar", docx).endsWith(".docx"), true);
  });
});

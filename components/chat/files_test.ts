import { assertEquals } from "../../tests/assert.ts";
import {
  DEFAULT_ICON,
  isDisplayable,
  parseFileContent,
  progressText,
  roomIcons,
  withinUploadLimit,
} from "./files.ts";

Deno.test("file rules of the chat", async (t) => {
  await t.step("5,000,000 bytes in total is allowed, one more is not", () => {
    assertEquals(withinUploadLimit([{ size: 2_500_000 }, { size: 2_500_000 }]), true);
    assertEquals(withinUploadLimit([{ size: 2_500_000 }, { size: 2_500_001 }]), false);
    assertEquals(withinUploadLimit([]), true);
  });
  await t.step("file content parses only as the expected JSON", () => {
    const ok = JSON.stringify({ filename: "a1b2.pdf", originalname: "<script>x</script>.pdf" });
    assertEquals(parseFileContent(ok), {
      filename: "a1b2.pdf",
      originalname: "<script>x</script>.pdf",
      address: "/api/chat/files/a1b2.pdf",
    });
    const foreign = JSON.stringify({ filename: "a.png", originalname: "a", address: "javascript:alert(1)" });
    assertEquals(parseFileContent(foreign)?.address, "/api/chat/files/a.png");
    assertEquals(parseFileContent("not json"), null);
    assertEquals(parseFileContent("null"), null);
    assertEquals(parseFileContent(JSON.stringify({ filename: "../etc/passwd", originalname: "x" })), null);
    assertEquals(parseFileContent(JSON.stringify({ filename: "a.png" })), null);
  });
  await t.step("an unparseable file message is not shown; text always is", () => {
    assertEquals(isDisplayable({ type: "IMAGE", text: "{broken" }), false);
    assertEquals(isDisplayable({ type: "TEXT", text: "{broken" }), true);
    assertEquals(
      isDisplayable({ type: "FILE", text: JSON.stringify({ filename: "f.pdf", originalname: "f" }) }),
      true,
    );
  });
  await t.step("at most 3 icons, inline data images and odd schemes become the default", () => {
    const icons = roomIcons(["/a.png", "data:image/png;base64,AAAA", "javascript:alert(1)", "/d.png"]);
    assertEquals(icons, ["/a.png", DEFAULT_ICON, DEFAULT_ICON]);
    assertEquals(roomIcons([null, "//evil.test/x.png"]), [DEFAULT_ICON, DEFAULT_ICON]);
  });
  await t.step("progress text follows the percentage", () => {
    assertEquals(progressText(0, 200), "0");
    assertEquals(progressText(101, 200), "50");
    assertEquals(progressText(200, 200), "100");
  });
});

import { assertEquals } from "../../tests/assert.ts";
import { countSegments } from "./segments.ts";

Deno.test("SMS segments", async (t) => {
  await t.step("Latin text is GSM-7: 160 in one segment, then 153 per part", () => {
    assertEquals(countSegments("a".repeat(160)), { encoding: "gsm7", units: 160, segments: 1 });
    assertEquals(countSegments("a".repeat(161)).segments, 2);
    assertEquals(countSegments("a".repeat(306)).segments, 2);
    assertEquals(countSegments("a".repeat(307)).segments, 3);
  });

  await t.step("GSM-7's extension characters count twice", () => {
    assertEquals(countSegments("€".repeat(80)), { encoding: "gsm7", units: 160, segments: 1 });
    assertEquals(countSegments("€".repeat(81)).segments, 2);
  });

  await t.step("Georgian text is UCS-2: 70 in one segment, then 67 per part", () => {
    assertEquals(countSegments("ა".repeat(70)), { encoding: "ucs2", units: 70, segments: 1 });
    assertEquals(countSegments("ა".repeat(71)).segments, 2);
    assertEquals(countSegments("ა".repeat(134)).segments, 2);
    assertEquals(countSegments("ა".repeat(135)).segments, 3);
    // One Georgian letter turns a Latin message into UCS-2.
    assertEquals(countSegments("a".repeat(100) + "ა").segments, 2);
  });

  await t.step("an empty text costs nothing", () => assertEquals(countSegments("").segments, 0));
});

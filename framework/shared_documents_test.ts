import { assertEquals } from "../tests/assert.ts";
import { sharedDocuments } from "./shared_documents.ts";

Deno.test("shared documents", async (t) => {
  await t.step("a kept document is given back under its name only", () => {
    const kept = sharedDocuments();
    kept.keep("ka\n/online-register\nprograms 1", "<html>ka</html>");
    assertEquals(kept.get("ka\n/online-register\nprograms 1"), "<html>ka</html>");
    assertEquals(kept.get("en\n/online-register\nprograms 1"), undefined);
  });

  await t.step("a document holding a request's nonce is never kept", () => {
    const kept = sharedDocuments();
    kept.keep("page", '<script nonce="abc" src="/boot.js"></script>');
    assertEquals(kept.get("page"), undefined);
  });

  await t.step("past the bound, the document kept earliest is let go", () => {
    const kept = sharedDocuments(2);
    kept.keep("a", "A");
    kept.keep("b", "B");
    kept.keep("a", "A2");
    kept.keep("c", "C");
    assertEquals([kept.get("a"), kept.get("b"), kept.get("c")], ["A2", undefined, "C"]);
  });
});

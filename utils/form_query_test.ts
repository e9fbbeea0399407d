import { assertEquals } from "../tests/assert.ts";
import { formQuery, withQuery } from "./form_query.ts";

Deno.test("formQuery writes what URLSearchParams writes", async (t) => {
  const samples = ["plain", "a b", "ქართული ენა", "x&y=z+ü", "a%20", "!'()~*-._", "\uD800 lone", "მ/ო?#"];
  await t.step("for every kind of character a person may type", () => {
    for (const text of samples) {
      assertEquals(
        formQuery([["q", text], ["გვერდი", 2]]),
        new URLSearchParams([["q", text], ["გვერდი", "2"]]).toString(),
      );
    }
  });
  await t.step("leaving out empty values, and the ? with them", () => {
    assertEquals(formQuery([["a", ""], ["b", undefined], ["c", 0]]), "c=0");
    assertEquals(withQuery("/hr", formQuery([["a", ""]])), "/hr");
    assertEquals(
      withQuery("/hr", formQuery([["kind", "academic"], ["page", 2]])),
      "/hr?kind=academic&page=2",
    );
  });
});

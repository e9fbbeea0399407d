import { assertEquals, assertThrows } from "../tests/assert.ts";
import { deserialize, serialize } from "./serialize.ts";

Deno.test("island prop serializer", async (t) => {
  await t.step("Date, Map, Set, undefined, BigInt and nested objects survive", () => {
    const value = {
      at: new Date("2026-03-05T10:00:00.000Z"),
      byId: new Map<unknown, unknown>([[1, { tags: new Set(["a", "b"]) }], ["k", [new Date(0)]]]),
      missing: undefined,
      big: 12345678901234567890n,
      nan: NaN,
      nested: { deep: { list: [1, "two", null, { three: 3 }] } },
    };
    const back = deserialize<typeof value>(serialize(value));
    assertEquals(back.at.getTime(), value.at.getTime());
    assertEquals(back.byId.get("k"), [new Date(0)]);
    assertEquals([...(back.byId.get(1) as { tags: Set<string> }).tags], ["a", "b"]);
    assertEquals("missing" in back && back.missing === undefined, true);
    assertEquals(back.big, value.big);
    assertEquals(Number.isNaN(back.nan), true);
    assertEquals(back.nested, value.nested);
  });

  await t.step("a string containing </script> cannot end the script element", () => {
    const text = serialize({ evil: "</script><script>alert(1)</script><!--", amp: "a&b", sep: "\u2028" });
    assertEquals(/[<>]/.test(text), false);
    assertEquals(text.includes("\u2028"), false);
    assertEquals(deserialize(text), {
      evil: "</script><script>alert(1)</script><!--",
      amp: "a&b",
      sep: "\u2028",
    });
  });

  await t.step("a user object carrying the tag key is not misread", () => {
    const value = { "\u0000t": "D", v: "not a date" };
    assertEquals(deserialize(serialize(value)), value);
  });

  await t.step("functions and cycles fail with a message that says what to do", () => {
    assertThrows(() => serialize({ onClick: () => 1 }), TypeError, "define the function inside the island");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assertThrows(() => serialize(cyclic), TypeError, "cycle");
  });
});

Deno.test("frozen members are serialized once and read back the same", async (t) => {
  const programs = Object.freeze([{ value: "1", label: "</script><b>" }]);
  const props = { programs, text: "a&b", missing: undefined, when: new Date(0) };
  await t.step("the output equals that of the same props unfrozen", () => {
    const plain = serialize({ ...props, programs: [...programs] });
    assertEquals(serialize(props), plain);
    assertEquals(deserialize(serialize(props)), deserialize(plain));
  });
  await t.step("a frozen member's JSON stays escaped", () => {
    assertEquals(serialize(props).includes("</script>"), false);
  });
});

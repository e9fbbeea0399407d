import { assertEquals } from "../../tests/assert.ts";
import {
  DEFAULT_FREQUENT,
  frequentIds,
  prepareEmojiStorage,
  readEmojiState,
  recordUse,
  setSkin,
} from "./emoji_store.ts";

function memoryStorage(init: Record<string, string> = {}) {
  const map = new Map(Object.entries(init));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

Deno.test("emoji picker local storage", async (t) => {
  await t.step("skin tone defaults to 1 and is kept within 1–6", () => {
    const storage = memoryStorage();
    assertEquals(readEmojiState(storage).skin, 1);
    assertEquals(setSkin(storage, 6), 6);
    assertEquals(readEmojiState(storage).skin, 6);
    assertEquals(setSkin(storage, 7), 1);
    storage.map.set("emoji-mart.skin", '"3"');
    assertEquals(readEmojiState(storage).skin, 3);
    storage.map.set("emoji-mart.skin", "0");
    assertEquals(readEmojiState(storage).skin, 1);
  });
  await t.step("an empty history is seeded with the 16 defaults", () => {
    const storage = memoryStorage();
    const state = prepareEmojiStorage(storage);
    assertEquals(Object.keys(state.frequently).length, 16);
    assertEquals(
      frequentIds(state),
      [...DEFAULT_FREQUENT].sort((a, b) => state.frequently[b] - state.frequently[a]),
    );
    assertEquals(JSON.parse(storage.map.get("emoji-mart.frequently")!)["+1"], 16);
  });
  await t.step("a use counts and becomes the last used", () => {
    const storage = memoryStorage();
    recordUse(storage, "smile");
    const state = recordUse(storage, "smile");
    assertEquals(state.frequently.smile, 2);
    assertEquals(state.last, "smile");
    assertEquals(JSON.parse(storage.map.get("emoji-mart.last")!), "smile");
  });
  await t.step("at most 4 lines of 9, most used first, the last used kept", () => {
    const frequently: Record<string, number> = {};
    for (let i = 0; i < 50; i++) frequently[`e${String(i).padStart(2, "0")}`] = 100 - i;
    frequently.rare = 1;
    const ids = frequentIds({ skin: 1, frequently, last: "rare" });
    assertEquals(ids.length, 36);
    assertEquals(ids[0], "e00");
    assertEquals(ids[35], "rare");
  });
  await t.step("junk in storage is ignored", () => {
    const storage = memoryStorage({
      "emoji-mart.frequently": JSON.stringify({ ok: 2, "<img src=x>": 5, bad: "x", neg: -1 }),
      "emoji-mart.last": "{",
    });
    assertEquals(readEmojiState(storage), { skin: 1, frequently: { ok: 2 }, last: null });
  });
});

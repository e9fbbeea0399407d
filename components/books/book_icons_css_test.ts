import { assertEquals } from "../../tests/assert.ts";
import { BOOK_ICONS_CSS_PATH, bookIconsCss } from "./book_icons_css.ts";
import { ACTIONS } from "./book_row_actions.tsx";

Deno.test("the row actions' icon stylesheet matches the icon set", async () => {
  const written = await Deno.readTextFile(BOOK_ICONS_CSS_PATH);
  assertEquals(
    written,
    bookIconsCss(),
    `${BOOK_ICONS_CSS_PATH} is out of date: deno run --allow-write=./styles components/books/book_icons_css.ts`,
  );
  for (const spec of ACTIONS) {
    assertEquals(written.includes(`[data-action="${spec.action}"]`), true, `${spec.action} has its icon`);
  }
});

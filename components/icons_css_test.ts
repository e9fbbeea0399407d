import { assertEquals } from "../tests/assert.ts";
import { BUTTON_ICONS, ICONS_CSS_PATH, iconsCss } from "./icons_css.ts";
import { ACTIONS } from "./books/book_row_actions.tsx";
import { MENU_ICON_NAMES } from "./ui/icons.tsx";

Deno.test("the icons' stylesheet matches the icon set", async () => {
  const written = await Deno.readTextFile(ICONS_CSS_PATH);
  assertEquals(
    written,
    iconsCss(),
    `${ICONS_CSS_PATH} is out of date: deno run --allow-write=./styles components/icons_css.ts`,
  );
  for (const spec of ACTIONS) {
    assertEquals(written.includes(`[data-action="${spec.action}"]`), true, `${spec.action} has its icon`);
  }
  for (const name of Object.keys(MENU_ICON_NAMES)) {
    assertEquals(written.includes(`[data-icon="${name}"]`), true, `menu icon ${name} is drawn`);
  }
  for (const icon of BUTTON_ICONS) {
    assertEquals(written.includes(`.btn-icon[data-icon="${icon}"]`), true, `button icon ${icon} is drawn`);
  }
});

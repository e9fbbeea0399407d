/**
 * The menu's icons (issue 31 point 7, SPEC §2.2): every item of the side menu is drawn with the icon it names,
 * from the app's one icon set (components/ui/icons.tsx, drawn by styles/icons.css), as the courses' row
 * actions are.
 */
import { assert, assertEquals } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";
import { DEFAULT_MENU } from "../services/shell/menu.ts";
import { menuIconPath } from "../components/ui/icons.tsx";
import type { MenuItem } from "../utils/menu.ts";

const app = await seededApp();

Deno.test("the side menu's icons", async (t) => {
  await t.step("every icon the menu names is in the set", () => {
    const names = (items: MenuItem[]): string[] => items.flatMap((i) => [i.icon, ...names(i.children ?? [])]);
    assertEquals(names(DEFAULT_MENU).filter((name) => !menuIconPath(name)), []);
  });

  await t.step("every link and group of the rendered menu shows its icon", async () => {
    const res = await app.request("/students", {
      headers: { authorization: `Bearer ${await tokenFor("admin")}`, accept: "text/html" },
    });
    const html = await res.text();
    const nav = html.slice(
      html.indexOf('data-testid="side-menu"'),
      html.indexOf("</nav>", html.indexOf('data-testid="side-menu"')),
    );
    const entries = [
      ...nav.matchAll(/<(a|button)\b[^>]*(?:data-menu-id|id="menu-group-)[^>]*>([\s\S]*?)<\/\1>/g),
    ];
    assert(entries.length > 15, `the administrator's menu has its items (${entries.length})`);
    // Each names an icon that the icons' stylesheet draws (components/icons_css_test.ts holds it to the set).
    const bare = entries.filter((m) => {
      const name = /\bdata-icon="([^"]+)"/.exec(m[0].slice(0, m[0].indexOf(">")))?.[1];
      return !name || !menuIconPath(name);
    }).map((m) => m[0].slice(0, 80));
    assertEquals(bare, []);
    assertEquals(nav.includes("<svg"), false, "the menu carries no SVG markup");
  });
});

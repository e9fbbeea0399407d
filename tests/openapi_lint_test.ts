/**
 * The OpenAPI document (issue 25, defect 11) passes Redocly's recommended rules without an error, and says
 * what a reader of Swagger UI needs: each operation's area (a declared tag), how to sign in (security schemes
 * and each operation's security), what every parameter means, and every error it answers in the one error
 * shape — including each status its summary promises. tests/fuzz_api_test.ts and tests/permission_matrix_test.ts
 * check the other way round: every error status an operation really answers is among those documented.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { assert, assertEquals } from "./assert.ts";
import { seededApp } from "./helpers.ts";

const app = await seededApp();
const doc = await (await app.request("/api/openapi.json")).json();

interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; description?: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  "x-permission": string;
}
const operations = Object.values(doc.paths as Record<string, Record<string, Operation>>)
  .flatMap((methods) => Object.values(methods));

Deno.test("OpenAPI document", async (t) => {
  await t.step("Redocly's recommended rules find no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "openapi.json",
      config,
    });
    const errors = problems.filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    assertEquals(errors, []);
  });

  await t.step("every operation is in one declared area", () => {
    const declared = new Set((doc.tags as { name: string }[]).map((tag) => tag.name));
    const untagged = operations.filter((op) => op.tags?.length !== 1 || !declared.has(op.tags[0]));
    assertEquals(untagged.map((op) => op.operationId), []);
    assert(declared.size > 10, "the operations are grouped by area, not in one group");
  });

  await t.step("signing in is declared, and each operation but the public ones needs it", () => {
    const schemes = doc.components.securitySchemes;
    assertEquals(schemes.sessionCookie.in, "cookie");
    assertEquals(schemes.bearerToken.scheme, "bearer");
    assert(doc.servers?.length > 0, "a server is declared");
    for (const op of operations) {
      const names = (op.security ?? []).flatMap((s) => Object.keys(s)).sort();
      const expected = op["x-permission"] === "public" ? [] : ["bearerToken", "sessionCookie"];
      assertEquals(names, expected, op.operationId);
    }
  });

  await t.step("every parameter says what it means", () => {
    const bare = operations.flatMap((op) =>
      (op.parameters ?? []).filter((p) => !p.description).map((p) => `${op.operationId} ${p.in} ${p.name}`)
    );
    assertEquals(bare, []);
  });

  await t.step(
    "each error response is the shared error shape, and each status a summary names is one",
    () => {
      const unpromised: string[] = [];
      for (const op of operations) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^4/.test(status)) continue;
          const ref = response.content?.["application/json"]?.schema?.$ref;
          assertEquals(ref, "#/components/schemas/Error", `${op.operationId} ${status}`);
        }
        const promised = `${op.summary ?? ""} ${op.description ?? ""}`.match(/\b4\d\d\b/g) ?? [];
        unpromised.push(...promised.filter((s) => !(s in op.responses)).map((s) => `${op.operationId} ${s}`));
        if (op["x-permission"] !== "public") assert("401" in op.responses, `${op.operationId} documents 401`);
      }
      assertEquals(unpromised, [], "statuses a summary names that are not documented");
    },
  );
});

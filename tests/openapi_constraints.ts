/**
 * The rules a JSON Schema states, flattened to one record per field path (`name`, `items[].id`), so that two
 * schemas written differently (OpenAPI 3.1's `type: ["string", "null"]` and zod's `anyOf`) compare by what
 * they allow: required fields, enum values, ranges, lengths, patterns. `$ref`s are resolved in the document.
 */
// deno-lint-ignore no-explicit-any
export type JsonSchema = Record<string, any>;

const RULES = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
] as const;

type Rules = Record<string, unknown>;

function resolve(schema: JsonSchema | undefined, doc: JsonSchema): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    const name = String(current.$ref).replace("#/components/schemas/", "");
    current = {
      ...doc.components?.schemas?.[name],
      ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== "$ref")),
    };
  }
  return current;
}

function collect(schema: JsonSchema | undefined, doc: JsonSchema, path: string, out: Record<string, Rules>) {
  const s = resolve(schema, doc);
  if (!s || typeof s !== "object") return;
  const here = (out[path] ??= {});
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    collect(branch, doc, path, out);
  }
  if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) here.nullable = true;
  const values = s.enum ?? ("const" in s ? [s.const] : undefined);
  if (values) here.enum = [...new Set([...(here.enum as unknown[] ?? []), ...values])].sort();
  for (const rule of RULES) if (s[rule] !== undefined) here[rule] = s[rule];
  // zod states a safe integer's implicit bounds, the generator does not: the same rule for a JS number.
  if (here.maximum === Number.MAX_SAFE_INTEGER) delete here.maximum;
  if (here.minimum === Number.MIN_SAFE_INTEGER) delete here.minimum;
  const integer = s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer"));
  if (integer && !here.enum) here.integer = true;
  if (here.enum) delete here.integer;
  if (s.properties) {
    const required = [...new Set([...(here.required as string[] ?? []), ...(s.required ?? [])])].sort();
    if (required.length) here.required = required;
    for (const [name, property] of Object.entries(s.properties)) {
      collect(property as JsonSchema, doc, path ? `${path}.${name}` : name, out);
    }
  }
  if (s.items) collect(s.items, doc, `${path}[]`, out);
  if (Object.keys(here).length === 0) delete out[path];
}

export function constraintsOf(schema: JsonSchema | undefined, doc: JsonSchema): Record<string, Rules> {
  const out: Record<string, Rules> = {};
  collect(schema, doc, "", out);
  // null allowed beside an enum (`anyOf: [{ enum }, { type: "null" }]`) is one more value of it.
  for (const rules of Object.values(out)) {
    if (rules.nullable && rules.enum && !(rules.enum as unknown[]).includes(null)) {
      rules.enum = [...(rules.enum as unknown[]), null].sort();
    }
    delete rules.nullable;
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k || "(root)", v]));
}

/**
 * Where the published rules let through what the server's schema refuses (a client keeping to the document
 * would be refused): each is one line. Published rules stricter than the schema's are fine — a refinement
 * (a course's required fields) is enforced by the server and stated in the document, not seen by zod's JSON
 * Schema.
 */
export function looserRules(server: Record<string, Rules>, published: Record<string, Rules>): string[] {
  const found: string[] = [];
  const num = (v: unknown) => typeof v === "number" ? v : undefined;
  for (const [path, want] of Object.entries(server)) {
    const got = published[path] ?? {};
    const say = (what: string) =>
      found.push(`${path}: ${what} (server ${JSON.stringify(want)}, published ${JSON.stringify(got)})`);
    const missing = ((want.required as string[]) ?? []).filter((n) =>
      !((got.required as string[]) ?? []).includes(n)
    );
    if (missing.length) say(`not required: ${missing.join(", ")}`);
    if (want.enum) {
      const extra = ((got.enum as unknown[]) ?? ["(any)"]).filter((v) =>
        !(want.enum as unknown[]).includes(v)
      );
      if (extra.length) say(`values the server refuses: ${JSON.stringify(extra)}`);
    }
    const lower = (rule: string) =>
      num(want[rule]) !== undefined && !((num(got[rule]) ?? -Infinity) >= num(want[rule])!);
    const upper = (rule: string) =>
      num(want[rule]) !== undefined && !((num(got[rule]) ?? Infinity) <= num(want[rule])!);
    // A published enum names every value: it needs no bounds of its own.
    if (got.enum) continue;
    for (const rule of ["minimum", "exclusiveMinimum", "minLength", "minItems"]) if (lower(rule)) say(rule);
    for (const rule of ["maximum", "exclusiveMaximum", "maxLength", "maxItems"]) if (upper(rule)) say(rule);
    if (want.pattern && want.pattern !== got.pattern) say("pattern");
    if (want.integer && !got.integer && !got.enum) say("not an integer");
  }
  return found;
}

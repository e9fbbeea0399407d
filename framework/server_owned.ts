/**
 * Read → edit → write: a client reads a record, changes a field and sends it back. The record it read carries
 * fields the server owns (its id, computed flags and counts, a list row's joined names) that a write's body
 * does not take. Rather than refuse them as unknown, each write accepts and ignores them, and the document says
 * so: they are `readOnly` where the server returns them, and listed `readOnly` in the write's body.
 *
 * Which fields those are is derived from the document, for every write present and to come: the fields of the
 * record the write answers with, the record a GET on the same path shows, and the rows of the list one level up
 * (each only when it is a record, with an `id`), less the fields the write's body declares.
 */
import type { Context, MiddlewareHandler, Next } from "hono";

// deno-lint-ignore no-explicit-any
type Schema = Record<string, any>;
type Document = Schema;

const WRITES = ["put", "post", "patch"];
const OWNED_DESCRIPTION =
  "Owned by the server: accepted and ignored on a write (the value read may be sent back).";

function resolve(schema: Schema | undefined, doc: Document): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    current = doc.components?.schemas?.[String(current.$ref).split("/").pop()!];
  }
  return current;
}

/** Every object schema a record's properties are declared in (itself, or its `allOf` parts). */
function objectParts(schema: Schema | undefined, doc: Document): Schema[] {
  const s = resolve(schema, doc);
  if (!s) return [];
  return [...(s.properties ? [s] : []), ...(s.allOf ?? []).flatMap((part: Schema) => objectParts(part, doc))];
}

const keysOf = (schema: Schema | undefined, doc: Document) =>
  new Set(objectParts(schema, doc).flatMap((part) => Object.keys(part.properties)));

const jsonOf = (container: Schema | undefined) => container?.content?.["application/json"]?.schema;
const successOf = (operation: Schema | undefined) =>
  jsonOf(operation?.responses?.["200"]) ?? jsonOf(operation?.responses?.["201"]);

/** The records a write's path shows: the write's answer, the GET on its path, the list rows above it. */
function recordsOf(doc: Document, path: string, method: string): Schema[] {
  const operations = doc.paths[path];
  const listPath = method === "post" ? path : path.replace(/\/\{[^}]+\}$/, "");
  const listRow = (schema: Schema | undefined) =>
    objectParts(schema, doc).map((part) => part.properties.data?.items).find(Boolean);
  return [
    successOf(operations[method]),
    successOf(operations.get),
    listRow(successOf(doc.paths[listPath]?.get)),
  ].filter((schema): schema is Schema => Boolean(schema) && keysOf(schema, doc).has("id"));
}

/** `"put /api/books/{id}"` → the fields that write accepts and ignores. */
export function serverOwnedFields(doc: Document): Map<string, string[]> {
  const owned = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths ?? {}) as [string, Schema][]) {
    for (const method of WRITES) {
      const body = jsonOf(operations[method]?.requestBody);
      if (!body) continue;
      // What the body takes; a field it lists readOnly is one published here (the document is complete already).
      const declared = new Set(
        objectParts(body, doc).flatMap((part) =>
          Object.entries(part.properties).filter(([, p]) => !(p as Schema).readOnly).map(([name]) => name)
        ),
      );
      const fields = new Set(recordsOf(doc, path, method).flatMap((record) => [...keysOf(record, doc)]));
      const ignored = [...fields].filter((field) => !declared.has(field)).sort();
      if (ignored.length) owned.set(`${method} ${path}`, ignored);
    }
  }
  return owned;
}

/** Marks the owned fields `readOnly` in the records, and lists them `readOnly` in each write's body. */
export function publishServerOwned(doc: Document, owned: Map<string, string[]>): Document {
  for (const [key, fields] of owned) {
    const [method, path] = key.split(" ");
    for (const record of recordsOf(doc, path, method)) {
      for (const part of objectParts(record, doc)) {
        for (const field of [...fields, "id", "versionstamp"]) {
          if (part.properties[field]) part.properties[field].readOnly = true;
        }
      }
    }
    const body = objectParts(jsonOf(doc.paths[path][method].requestBody), doc)[0];
    if (!body) continue;
    for (const field of fields) body.properties[field] ??= { readOnly: true, description: OWNED_DESCRIPTION };
  }
  return doc;
}

const isJson = (type: string | undefined) => /^application\/(.+\+)?json\b/i.test(type ?? "");

/**
 * Drops the owned fields from a write's JSON body before the route validates it (its strict schema would refuse
 * them as unknown).
 */
export function acceptServerOwned(owned: () => Map<string, string[]>): MiddlewareHandler {
  let writes: { method: string; pattern: RegExp; fields: string[] }[] | null = null;
  // Not async: the reads and the bodies of other types, nearly every request, pass on without a frame of their own.
  return (c, next) => {
    if (
      c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body ||
      !isJson(c.req.header("content-type"))
    ) {
      return next();
    }
    return withoutServerOwned(c, next);
  };
  async function withoutServerOwned(c: Context, next: Next) {
    writes ??= [...owned()].map(([key, fields]) => {
      const [method, path] = key.split(" ");
      const source = path.split("/").map((part) =>
        part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      )
        .join("/");
      return { method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), fields };
    });
    const write = writes.find((w) => w.method === c.req.method && w.pattern.test(c.req.path));
    if (write) {
      const body = await c.req.json();
      if (body && typeof body === "object" && !Array.isArray(body)) {
        for (const field of write.fields) delete body[field];
        // Hono parses its cached text anew for each reader: the route's validator reads the body without them.
        (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(JSON.stringify(body));
      }
    }
    await next();
  }
}

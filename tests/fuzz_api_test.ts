/**
 * Fuzz suite: every operation of /api/openapi.json gets malformed input — bodies of the wrong JSON types and
 * shapes, broken JSON, other Content-Types, bodies over the limit, path and query values of the wrong kind —
 * from the administrator (who passes every permission guard, so the input reaches validation) and from nobody.
 * Each answer must be below 500, each 4xx in the one error shape, and the server must still answer its health
 * check afterwards. The malformed inputs are sampled per operation (a fixed seed, so a failure repeats) to keep
 * the suite within seconds; FUZZ_SAMPLES raises the sample size for a longer local run.
 */
import { assert, assertEquals } from "./assert.ts";
import { ORIGIN, seededApp, tokenFor } from "./helpers.ts";

const app = await seededApp();
const doc = await (await app.request("/api/openapi.json")).json();

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  bodyTypes: string[];
  bodySchema: Schema | null;
  /** The statuses its responses document: every error it answers must be one (issue 25, defect 11). */
  documented: Set<number>;
}

const resolve = (schema: Schema | undefined): Schema => {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split("/").pop()!] ?? {};
  return s.allOf?.length === 1 ? resolve(s.allOf[0]) : s;
};

const operations: Operation[] = Object.entries(
  doc.paths as Record<string, Record<string, Record<string, unknown>>>,
)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content =
        (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ??
          {};
      return {
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        parameters: (op.parameters ?? []) as Parameter[],
        bodyTypes: Object.keys(content),
        bodySchema: content["application/json"] ? resolve(content["application/json"].schema) : null,
        documented: new Set(Object.keys(op.responses as Record<string, unknown>).map(Number)),
      };
    })
  );

/** A small deterministic PRNG (mulberry32), seeded per operation. */
function prng(seed: string) {
  let a = [...seed].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 2654435761) >>> 0, 0x9e3779b9);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -9007199254740993,
  "",
  " ",
  "x".repeat(10_000),
  "\u0000\u202e<script>",
  "ნინო",
  [],
  [1, "a", null],
  {},
  { __proto__: { admin: true } },
  { constructor: { prototype: {} } },
];
const BAD_PATH_VALUES = [
  "0",
  "-1",
  "1.5",
  "1e309",
  "abc",
  "9".repeat(400),
  "%00",
  "%2e%2e%2f%2e%2e",
  "%E1%83%9C",
  "%ZZ",
  "null",
  "A".repeat(43),
];
const BAD_QUERY_VALUES = [
  "",
  "-1",
  "abc",
  "1e309",
  "9".repeat(400),
  "%00",
  "[]",
  "{}",
  "true",
  "x".repeat(5000),
];

/** A value of a type the schema does not take (or, for enums, a value outside them). */
function wrongFor(schema: Schema, rand: () => number): unknown {
  const s = resolve(schema);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const candidates = BAD_VALUES.filter((v) => {
    if (type === "string") return typeof v !== "string";
    if (type === "number" || type === "integer") return typeof v !== "number" || !Number.isInteger(v);
    if (type === "boolean") return typeof v !== "boolean";
    if (type === "array") return !Array.isArray(v);
    if (type === "object") return typeof v !== "object" || v === null || Array.isArray(v);
    return true;
  });
  return candidates[Math.floor(rand() * candidates.length)] ?? null;
}

/** Malformed JSON bodies for a schema: whole-body wrong types, each field wrong, deep nesting, broken JSON. */
function badBodies(schema: Schema | null, rand: () => number): string[] {
  const properties = Object.entries(resolve(schema ?? {}).properties ?? {});
  const bodies = [
    "[]",
    '"text"',
    "42",
    "null",
    "{",
    '{"a":',
    "{}",
    "\u0000",
    "[".repeat(5000) + "]".repeat(5000),
  ];
  if (properties.length) {
    bodies.push(JSON.stringify(Object.fromEntries(properties.map(([k, v]) => [k, wrongFor(v, rand)]))));
    for (const [key, value] of properties) {
      bodies.push(JSON.stringify({ [key]: wrongFor(value, rand) }));
    }
    bodies.push(
      JSON.stringify({ ...Object.fromEntries(properties.map(([k]) => [k, "x"])), unknownField: 1 }),
    );
  }
  return bodies;
}

interface Probe {
  label: string;
  path: string;
  init: RequestInit & { headers: Record<string, string> };
}

function pathWith(op: Operation, value: string | null): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name) => value ?? (name === "sid" ? "A".repeat(43) : "1"));
}

function probesFor(op: Operation, rand: () => number): Probe[] {
  const write = op.method !== "GET" && op.method !== "HEAD";
  const base = (body?: BodyInit, type = "application/json") => ({
    method: op.method,
    headers: { origin: ORIGIN, ...(write ? { "content-type": type } : {}) } as Record<string, string>,
    body: write ? body : undefined,
  });
  const probes: Probe[] = [];
  if (write) {
    for (const body of badBodies(op.bodySchema, rand)) {
      probes.push({ label: `body ${body.slice(0, 40)}`, path: pathWith(op, null), init: base(body) });
    }
    probes.push(
      {
        label: "form body",
        path: pathWith(op, null),
        init: base("a=1&b=2", "application/x-www-form-urlencoded"),
      },
      {
        label: "multipart body",
        path: pathWith(op, null),
        init: base(
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
          "multipart/form-data; boundary=x",
        ),
      },
      {
        label: "octet-stream body",
        path: pathWith(op, null),
        init: base(new Uint8Array(64), "application/octet-stream"),
      },
      {
        label: "body over the limit",
        path: pathWith(op, null),
        init: base("[" + "1,".repeat(1_100_000) + "1]"),
      },
    );
  }
  if (op.path.includes("{")) {
    for (const value of BAD_PATH_VALUES) {
      probes.push({ label: `path ${value.slice(0, 20)}`, path: pathWith(op, value), init: base("{}") });
    }
  }
  for (const param of op.parameters.filter((p) => p.in === "query")) {
    for (const value of BAD_QUERY_VALUES) {
      probes.push({
        label: `query ${param.name}=${value.slice(0, 20)}`,
        path: `${pathWith(op, null)}?${param.name}=${encodeURIComponent(value)}`,
        init: base("{}"),
      });
    }
    probes.push({
      label: `query ${param.name} twice`,
      path: `${pathWith(op, null)}?${param.name}=1&${param.name}=2`,
      init: base("{}"),
    });
  }
  probes.push({ label: "unknown query parameter", path: `${pathWith(op, null)}?zzz=1`, init: base("{}") });
  return probes;
}

/** How many probes per operation and identity (all of them with FUZZ_SAMPLES=all). */
const SAMPLES = Deno.env.get("FUZZ_SAMPLES") === "all"
  ? Infinity
  : Number(Deno.env.get("FUZZ_SAMPLES") ?? 12);

function sample<T>(items: T[], n: number, rand: () => number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

async function checkAnswer(res: Response, what: string) {
  assert(res.status < 500, `${what}: ${res.status}`);
  if (res.status >= 400) {
    const text = await res.text();
    let body: { error?: { code?: unknown; message?: unknown } } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      // reported below
    }
    assert(
      typeof body?.error?.code === "string" && typeof body.error.message === "string",
      `${what}: ${res.status} is not in the error shape: ${text.slice(0, 200)}`,
    );
  } else {
    await res.body?.cancel();
  }
}

// Spreadsheet exports leave an idle worker timer behind them (services/files/xlsx_off_thread.ts): not a leak.
Deno.test({
  name: "fuzz: malformed input to every operation answers 4xx in the error shape, never 5xx",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    assert(operations.length > 50, "the OpenAPI document lists the operations");
    let sent = 0;
    const seen = new Map<number, number>();
    const undocumented = new Set<string>();
    for (const op of operations) {
      await t.step(`${op.method} ${op.path} (${op.operationId})`, async () => {
        const rand = prng(op.operationId);
        const probes = sample(probesFor(op, rand), SAMPLES, rand);
        // Wrong Content-Types are the first defect class this suite closes: always among the probes.
        const always = probesFor(op, rand).filter((p) => p.label === "form body");
        for (const identity of ["admin", null] as const) {
          for (const probe of [...always, ...probes]) {
            // A fresh session per call: a probe may end one (authLogout) or switch it to another account.
            const headers = { ...probe.init.headers };
            if (identity) headers.authorization = `Bearer ${await tokenFor(identity)}`;
            const res = await app.request(probe.path, { ...probe.init, headers });
            sent++;
            seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
            if (res.status >= 400 && !op.documented.has(res.status)) {
              undocumented.add(`${op.operationId} ${res.status} [${probe.label}]`);
            }
            await checkAnswer(
              res,
              `${identity ?? "anonymous"} ${op.method} ${probe.path.slice(0, 120)} [${probe.label}]`,
            );
          }
        }
        const health = await app.request("/api/system/health");
        await health.body?.cancel();
        assert(health.status === 200, `the server is unwell after ${op.operationId}: ${health.status}`);
      });
    }
    assert(sent > operations.length * 10, `only ${sent} requests were sent`);
    assertEquals([...undocumented], [], "error statuses answered that the OpenAPI document does not list");
    // The probes get past the guards to the checks they are meant for, not only to 401/403.
    for (const status of [400, 404, 413, 415, 422]) {
      assert(seen.has(status), `no probe answered ${status}: ${JSON.stringify([...seen])}`);
    }
  },
});

/**
 * Every answer the API test suites receive is checked against the published OpenAPI document (issue 30,
 * contract tests): tests/helpers.ts's seededApp wraps `app.request` with this, so a status an operation does not
 * list, a media type it does not publish, or a JSON body its schema does not allow — success or error — fails
 * the call that received it, in whichever suite.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;
/** Hono's app.request; `env` carries what Deno.serve would (the client's address: `{ remoteAddr }`). */
type RequestFn = (
  input: string | Request | URL,
  init?: RequestInit,
  env?: Record<string, unknown>,
) => Response | Promise<Response>;

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

export function checkingResponses<A extends { request: RequestFn }>(app: A): A {
  const original = app.request.bind(app);
  let loaded: Promise<(method: string, url: URL, res: Response) => Promise<string | null>> | null = null;
  const load = async () => {
    const doc: Json = await (await original("/api/openapi.json")).json();
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    ajv.addSchema({ ...doc, $id: "openapi.json" });
    const templates: Template[] = Object.keys(doc.paths).map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      params: (path.match(/\{/g) ?? []).length,
    })).sort((a, b) => a.params - b.params);
    const validators = new Map<string, ValidateFunction>();
    return async (method: string, url: URL, res: Response): Promise<string | null> => {
      const template = templates.find((t) => t.pattern.test(url.pathname));
      const operation = template && doc.paths[template.path][method.toLowerCase()];
      if (!template || !operation) return null; // not an operation: a page, a socket, an unknown path's 404
      const what = `${operation.operationId} ${method} ${url.pathname}${url.search} → ${res.status}`;
      const status = String(res.status);
      const response = operation.responses[status] ?? operation.responses.default;
      if (!response) return `${what}: the status is not documented`;
      const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
      if (!response.content) {
        return res.body && type ? `${what}: documented without a body, answered ${type}` : null;
      }
      const documented = Object.keys(response.content);
      const covers = (range: string) =>
        range === type || range === "*/*" || (range.endsWith("/*") && type.startsWith(range.slice(0, -1)));
      if (!documented.some(covers)) {
        return `${what}: answered ${type || "no type"}, documented ${documented.join(", ")}`;
      }
      if (type !== "application/json") return null;
      const key = pointer(
        "#",
        "paths",
        template.path,
        method.toLowerCase(),
        "responses",
        status,
        "content",
        type,
      );
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile({ $ref: `openapi.json${key}/schema` });
        validators.set(key, validate);
      }
      const body = await res.json();
      if (validate(body)) return null;
      return `${what}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 400)}`;
    };
  };
  app.request = (async (input: string | Request | URL, init?: RequestInit, env?: Record<string, unknown>) => {
    const res = await original(input, init, env);
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    if (!url.pathname.startsWith("/api/") || url.pathname === "/api/openapi.json") return res;
    const method = (input instanceof Request ? input.method : init?.method ?? "GET").toUpperCase();
    if (method === "HEAD" || res.status === 101) return res;
    loaded ??= load();
    const problem = await (await loaded)(method, url, res.clone());
    if (problem) throw new Error(`an answer the OpenAPI document does not allow: ${problem}`);
    return res;
  }) as A["request"];
  return app;
}

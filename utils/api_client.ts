/**
 * The one fetch helper islands use for the API, typed by operation: `call("PUT /books/{id}", { params: { id },
 * body })` sends JSON with the session cookie to that path, and its answer has the route's response type, so a
 * changed schema fails the type check in every caller. Any failure becomes an `ApiError` carrying the server's
 * translated message and field errors (the error shape of ARCHITECTURE §7), ready for the shared error dialog.
 */
import type { ErrorBody } from "./errors.ts";
import { t } from "./i18n.ts";

export class ApiError extends Error {
  // Declared, not initialized: the constructor sets them (fewer bytes on every page than parameter properties).
  declare readonly status: number;
  declare readonly code: string;
  declare readonly fields: Record<string, string>;
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    Object.assign(this, { status, code, fields, name: "ApiError" });
  }
}

type Query = Record<string, unknown>;

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

/**
 * The API's operations keyed `"METHOD /path/{param}"`, each with its `input` and success `response`. Empty here
 * (utils knows nothing of the app): components/api.ts fills it from the route declarations, types only, for
 * every program that includes it (`deno task check` includes every file; a lone file without it fails loudly).
 */
// deno-lint-ignore no-empty-interface
export interface ApiOperationMap {}

interface Operation {
  input: unknown;
  response: unknown;
}

type OperationAt<K extends keyof ApiOperationMap> = ApiOperationMap[K] extends Operation ? ApiOperationMap[K]
  : never;

interface Input {
  params?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
}

/** The input may be left out when nothing in it is required. */
type ArgsOf<O extends Operation> = Record<never, never> extends O["input"]
  ? [input?: O["input"], options?: { signal?: AbortSignal }]
  : [input: O["input"], options?: { signal?: AbortSignal }];

export async function call<K extends keyof ApiOperationMap & string>(
  key: K,
  ...[input, options]: ArgsOf<OperationAt<K>>
): Promise<OperationAt<K>["response"]> {
  const { params = {}, query, body } = (input ?? {}) as Input;
  const [method, path] = (key as string).split(" ");
  let response: Response;
  try {
    response = await fetch(
      apiUrl(path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(params[name] as string)), query),
      {
        method,
        signal: options?.signal,
        credentials: "same-origin",
        // Every write names its type: the server refuses writes without one (CSRF rule).
        headers: method === "GET"
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(0, "network", t("errors.network"));
  }
  const answer = await response.json().catch(() => null);
  if (response.ok) return answer;
  const error = (answer as ErrorBody | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? "http_" + response.status,
    error?.message ?? t("errors.unexpected"),
    error?.fields,
  );
}

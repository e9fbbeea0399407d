/**
 * The one fetch helper islands use for the API. It sends JSON with the session cookie, and turns any
 * failure into an `ApiError` carrying the server's translated message and field errors (the error shape
 * of ARCHITECTURE §7), so every caller can hand it straight to the shared error dialog.
 */
import type { ErrorBody } from "./errors.ts";
import { t } from "./i18n.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | string[] | undefined | null>;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: ApiOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), {
      method,
      signal: opts.signal,
      credentials: "same-origin",
      // Every write names its type: the server refuses writes without one (CSRF rule).
      headers: method === "GET"
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(0, "network", t("errors.network"));
  }
  const body = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const error = (body as ErrorBody | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? "http_" + response.status,
    error?.message ?? t("errors.unexpected"),
    error?.fields,
  );
}

/** An operation as the typed client needs it (framework/api.ts derives them from the route declarations). */
interface Operation {
  input: unknown;
  response: unknown;
}

interface Input {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/** The input may be left out when nothing in it is required. */
type ArgsOf<O extends Operation> = Record<never, never> extends O["input"]
  ? [input?: O["input"], options?: { signal?: AbortSignal }]
  : [input: O["input"], options?: { signal?: AbortSignal }];

/**
 * The client typed by operation: `call("GET /books/{id}", { params: { id } })` requests that path and its
 * answer has the route's response type, so a changed schema fails the type check in every caller.
 */
export function typedClient<Ops extends Record<string, Operation>>() {
  return <K extends keyof Ops & string>(key: K, ...[input, options]: ArgsOf<Ops[K]>): Promise<
    Ops[K]["response"]
  > => {
    const { params = {}, query, body } = (input ?? {}) as Input;
    const space = key.indexOf(" ");
    const path = key.slice(space + 1).replace(
      /\{(\w+)\}/g,
      (_, name) => encodeURIComponent(String(params[name])),
    );
    return api(path, {
      method: key.slice(0, space) as ApiOptions["method"],
      query: query as ApiOptions["query"],
      body,
      signal: options?.signal,
    });
  };
}

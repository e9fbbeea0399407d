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

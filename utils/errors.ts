/**
 * The one error type of the application. Services throw it; the HTTP layer's single `onError` turns it into
 * `{ "error": { "code", "message", "fields"? } }` with `status`, translating `messageKey` and each field's key
 * into the request's language. Shared by server and islands (islands read the same shape from responses).
 */
import type { Translate } from "./i18n.ts";
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** A field error: an i18n key plus interpolation values, e.g. `{ key: "errors.tooLong", params: { max: 80 } }`. */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    /** Stable machine code, e.g. `not_found`, `duplicate`, `sms_required`. */
    readonly code: string,
    /** i18n key of the human message. */
    readonly messageKey: string,
    readonly options: {
      params?: Record<string, string | number>;
      fields?: Record<string, FieldError>;
      /** For 429 and 503: seconds until trying again is worth it, sent as `Retry-After`. */
      retryAfter?: number;
    } = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "AppError";
  }
}

export const notFound = (entity: string) =>
  new AppError(404, "not_found", "errors.notFound", { params: { entity } });

export const conflict = (messageKey = "errors.conflict", params?: Record<string, string | number>) =>
  new AppError(409, "conflict", messageKey, { params });

export const invalid = (fields: Record<string, FieldError>) =>
  new AppError(422, "invalid", "errors.invalid", { fields });

export const forbidden = () => new AppError(403, "forbidden", "errors.forbidden");

/** The JSON error body every failing API call returns (ARCHITECTURE §7). */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** The error as the client sees it, its message and field messages in the reader's language. */
export function errorBody(error: AppError, t: Translate): ErrorBody {
  const fields = error.options.fields
    ? Object.fromEntries(Object.entries(error.options.fields).map(([k, f]) => [k, t(f.key, f.params)]))
    : undefined;
  return {
    error: {
      code: error.code,
      message: t(error.messageKey, error.options.params),
      ...(fields ? { fields } : {}),
    },
  };
}

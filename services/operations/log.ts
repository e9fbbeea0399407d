/**
 * Structured logs: one JSON line per event, `{ time, level, event, requestId?, …fields }`, on stdout (errors on
 * stderr). With OTEL_DENO=true Deno exports these lines as OTLP log records too, linked to the span in progress.
 * Events are snake_case names (`job_failed`), fields plain values; an Error is reduced to its name, message and
 * stack.
 */
import { currentRequestId } from "./request_context.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

export function logEvent(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  const line: Record<string, unknown> = { time: new Date().toISOString(), level, event };
  const requestId = currentRequestId();
  if (requestId) line.requestId = requestId;
  for (const [name, value] of Object.entries(fields)) line[name] = plain(value);
  const text = JSON.stringify(line);
  if (level === "error" || level === "warn") console.error(text);
  else console.log(text);
}

function plain(value: unknown): unknown {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: value.message,
      stack: value.stack?.split("\n").slice(0, 8).join("\n"),
    };
  }
  if (typeof value === "bigint") return value.toString();
  return value;
}

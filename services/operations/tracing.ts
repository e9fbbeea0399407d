/**
 * Spans through Deno's built-in OpenTelemetry (OTEL_DENO=true). Deno opens a span for every request that
 * Deno.serve answers; `nameRequestSpan` gives it the route pattern and operationId, and `inSpan` adds child
 * spans (or, for work outside a request such as a job, root spans). Without OTEL_DENO all of this does nothing.
 */
import { otelEnabled } from "./otel_enabled.ts";

interface Span {
  setAttribute(name: string, value: string | number | boolean): void;
  updateName(name: string): void;
  setStatus(status: { code: number; message?: string }): void;
  recordException(error: Error): void;
  end(): void;
}

/** Where the OpenTelemetry API keeps the active span in a context (the key is part of its contract). */
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");
const ERROR_STATUS = 2;

const enabled = otelEnabled();

/** Whether requests have spans to name (OTEL_DENO): without, the route need not be worked out for them. */
export const spansEnabled = enabled;

function activeSpan(): Span | null {
  if (!enabled) return null;
  return (Deno.telemetry.contextManager.active().getValue(SPAN_KEY) as Span | undefined) ?? null;
}

const tracer = enabled ? Deno.telemetry.tracerProvider.getTracer("uniadmin") : null;

/** Names the request's span `GET /api/books/{id}` and tags it with the route and the API operation. */
export function nameRequestSpan(method: string, route: string, operationId?: string): void {
  const span = activeSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute("http.route", route);
  if (operationId) span.setAttribute("uniadmin.operation_id", operationId);
}

/** Runs `work` in a span of its own, a child of the active one; an exception marks the span as failed. */
export async function inSpan<R>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  work: () => Promise<R>,
): Promise<R> {
  if (!tracer) return await work();
  return await tracer.startActiveSpan(name, { attributes }, async (span: Span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: ERROR_STATUS, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Whether Deno's built-in OpenTelemetry is on (OTEL_DENO=true). Asked before touching `Deno.telemetry`'s
 * tracer and meter: without it Deno 2.9 throws "otel not initialized", and Deno 2.5 (Deno Deploy's) panics.
 */
import { envVar } from "../../utils/env.ts";

export const otelEnabled = (): boolean => ["true", "1"].includes(envVar("OTEL_DENO") ?? "");

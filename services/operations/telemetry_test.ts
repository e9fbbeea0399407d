/**
 * The production server with Deno's OpenTelemetry on and an OTLP collector (a stand-in that keeps what it is
 * sent): request spans arrive named after their route and carrying their operationId, and the log lines are
 * JSON with the request id that the response's X-Request-Id header carries.
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { startServer } from "../../tests/e2e/harness.ts";

interface OtlpSpan {
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}

Deno.test({
  name: "telemetry through Deno's built-in OpenTelemetry",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const spans: OtlpSpan[] = [];
    const collector = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
      const body = await request.json().catch(() => null);
      if (new URL(request.url).pathname === "/v1/traces") {
        for (const resource of body?.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
        }
      }
      return Response.json({});
    });
    const server = await startServer({
      // The telemetry of a deployment, without the demo's seeding in the log.
      SEED: "",
      OTEL_DENO: "true",
      OTEL_SERVICE_NAME: "uniadmin-test",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.addr.port}`,
    });
    const { url } = server;
    try {
      // Readiness, asked as an orchestrator asks it; its span is among those checked below.
      const ready = await fetch(`${url}/api/system/ready`);
      await ready.body?.cancel();
      assertEquals(ready.status, 200);
      await t.step("request spans arrive named by route pattern, with the operationId", async () => {
        const missing = await fetch(`${url}/api/books/12345`, {
          headers: { "x-request-id": "otel-test-0001" },
        });
        await missing.body?.cancel();
        assertEquals(missing.headers.get("x-request-id"), "otel-test-0001");
        const deadline = Date.now() + 20_000;
        const operationOf = (s: OtlpSpan) =>
          s.attributes.find((a) => a.key === "uniadmin.operation_id")?.value.stringValue;
        while (!spans.some((s) => s.name === "GET /api/books/:id")) {
          if (Date.now() > deadline) throw new Error(`no span arrived: ${spans.map((s) => s.name)}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        const books = spans.find((s) => s.name === "GET /api/books/:id")!;
        assertEquals(operationOf(books), "bookGet");
        assert(spans.some((s) => s.name === "GET /api/system/ready" && operationOf(s) === "systemReady"));
      });

      await t.step("the server's log lines are JSON events, a request's with its X-Request-Id", async () => {
        const refused = await fetch(`${url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url, "x-request-id": "otel-test-0002" },
          body: JSON.stringify({ login: "nobody@uni.test", password: "wrong-password" }),
        });
        await refused.body?.cancel();
        assertEquals(refused.headers.get("x-request-id"), "otel-test-0002");
        const parsed = () =>
          server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
        for (let i = 0; i < 50 && !parsed().some((l) => l.requestId === "otel-test-0002"); i++) {
          await new Promise((r) => setTimeout(r, 50)); // the line is on its way through the pipe
        }
        const lines = parsed();
        const events = lines.map((l) => l.event);
        assert(events.includes("listening") && events.includes("migration_finished"), server.output());
        const request = lines.find((l) => l.requestId === "otel-test-0002");
        assertEquals([request?.event, request?.route, request?.operationId], [
          "http_request",
          "/api/auth/login",
          "authLogin",
        ]);
      });
    } finally {
      const { code } = await server.terminate();
      await collector.shutdown();
      await server.stop();
      assertEquals(code, 0, server.output());
    }
  },
});

/**
 * `GET /api/openapi.json`: the OpenAPI document of every operation (with `operationId` and `x-permission`),
 * and `GET /api/docs`: Swagger UI served from our own origin (copied from npm at build time).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BUILD_URL } from "./build_manifest.ts";

// deno-lint-ignore no-explicit-any
export type OpenApiDocument = Record<string, any>;

export const OPENAPI_PATH = "/api/openapi.json";

export function mountApiDocs(
  // deno-lint-ignore no-explicit-any
  app: OpenAPIHono<any>,
  info: { title: string; version: string },
  /** The request's CSP nonce, for the viewer's two scripts. */
  nonceOf: (c: Context) => string,
  /** What the app adds that no single route knows (tags, security schemes, servers, parameter meanings). */
  complete: (doc: OpenApiDocument) => OpenApiDocument = (doc) => doc,
) {
  // Built on the first request, when every router is mounted; the routes do not change while serving.
  let built: OpenApiDocument | null = null;
  const document = () =>
    built ??= complete(app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: info.title,
        version: info.version,
        description:
          "Every operation states its permission key in `x-permission` (`public`: none, `session`: any signed-in user).",
      },
    }));
  app.get(OPENAPI_PATH, (c) => c.json(document()));
  app.get("/api/docs", (c) => {
    const nonce = nonceOf(c);
    const base = `${BUILD_URL}/vendor/swagger`;
    return c.html(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${info.title} — API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="${base}/swagger-ui.css"></head>
<body><div id="swagger"></div><script nonce="${nonce}" src="${base}/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle({ url: "${OPENAPI_PATH}", dom_id: "#swagger", deepLinking: true });</script>
</body></html>`,
    );
  });
  return { document };
}

/**
 * `GET /api/openapi.json`: the OpenAPI document of every operation (with `operationId` and `x-permission`),
 * and `GET /api/docs`: Swagger UI served from our own origin (copied from npm at build time). When the app
 * publishes an AsyncAPI document (its WebSocket protocols), it is at `GET /api/asyncapi.json`, rendered as
 * a page at `GET /api/docs/asyncapi` and linked from the API viewer.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BUILD_URL } from "./build_manifest.ts";
import { renderAsyncApi } from "./asyncapi_html.ts";

// deno-lint-ignore no-explicit-any
export type OpenApiDocument = Record<string, any>;

export const OPENAPI_PATH = "/api/openapi.json";
export const ASYNCAPI_PATH = "/api/asyncapi.json";
export const ASYNCAPI_PAGE = "/api/docs/asyncapi";
/** The pages' few styles (the CSP allows no inline style). */
const DOCS_STYLESHEET = "/static/api_docs.css";

export function mountApiDocs(
  // deno-lint-ignore no-explicit-any
  app: OpenAPIHono<any>,
  info: { title: string; version: string },
  /** The request's CSP nonce, for the viewer's two scripts. */
  nonceOf: (c: Context) => string,
  /** What the app adds that no single route knows (tags, security schemes, servers, parameter meanings). */
  complete: (doc: OpenApiDocument) => OpenApiDocument = (doc) => doc,
  /** The AsyncAPI document, for the server a request reached (its host is the document's server). */
  asyncApi?: (origin: URL) => OpenApiDocument,
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
  const links = [
    `<a href="/api/docs">HTTP API (OpenAPI)</a>`,
    `<a href="${OPENAPI_PATH}">openapi.json</a>`,
    ...(asyncApi
      ? [
        `<a href="${ASYNCAPI_PAGE}">WebSocket protocols (AsyncAPI)</a>`,
        `<a href="${ASYNCAPI_PATH}">asyncapi.json</a>`,
      ]
      : []),
  ].join(" · ");
  if (asyncApi) {
    const asyncDocument = (c: Context) => {
      const url = new URL(c.req.url);
      // Behind a TLS proxy the page was reached over https: the sockets are then wss.
      if (c.req.header("x-forwarded-proto") === "https") url.protocol = "https:";
      return asyncApi(url);
    };
    app.get(ASYNCAPI_PATH, (c) => c.json(asyncDocument(c)));
    app.get(
      ASYNCAPI_PAGE,
      (c) => c.html(renderAsyncApi(asyncDocument(c), { stylesheet: DOCS_STYLESHEET, links })),
    );
  }
  app.get("/api/docs", (c) => {
    const nonce = nonceOf(c);
    const base = `${BUILD_URL}/vendor/swagger`;
    return c.html(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${info.title} — API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="${base}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_STYLESHEET}"></head>
<body><nav>${links}</nav><div id="swagger"></div><script nonce="${nonce}" src="${base}/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle({ url: "${OPENAPI_PATH}", dom_id: "#swagger", deepLinking: true });</script>
</body></html>`,
    );
  });
  return { document };
}

/**
 * Builds the application (Hono + the routes manifest) and, when run directly, serves it.
 * `createApp()` is importable without serving, so tests call it with `kvPath: ":memory:"` and `app.request()`.
 */
// First: server rendering keeps the Preact hooks in place before any island (and its client libraries) loads.
import "./framework/server_hooks.ts";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { mountApiDocs } from "./framework/api_docs.ts";
import { acceptServerOwned, serverOwnedFields } from "./framework/server_owned.ts";
import { answeringHead } from "./framework/head.ts";
import { chain } from "./framework/middleware/chain.ts";
import { notModified } from "./framework/conditional.ts";
import { completeDocument } from "./http/openapi_document.ts";
import { asyncApiDocument } from "./http/asyncapi_document.ts";
import { readBuildManifest } from "./framework/build_manifest.ts";
import { isApiRequest, toAppError } from "./framework/middleware/errors.ts";
import { AppError, errorBody } from "./utils/errors.ts";
import { mountStatic } from "./framework/middleware/static.ts";
import { mountRoutes } from "./framework/server.ts";
import { MemoizedRouter } from "./framework/memoized_router.ts";
import { type AppEnv, platform } from "./http/platform.ts";
import { limitBodies } from "./http/body_limits.ts";
import shellEvents from "./http/shell_events.ts";
import { userSocket } from "./http/user_socket.ts";
import { chatSocket } from "./http/chat_socket.ts";
import manifest from "./routes.gen.ts";
import { openDb } from "./services/db/kv.ts";
import { requestTelemetry } from "./http/request_telemetry.ts";
import { migrateStore, startJobs } from "./services/operations/startup.ts";
import { drainOnSignals } from "./services/operations/shutdown.ts";
import { logEvent } from "./services/operations/log.ts";
import { dictionaryFor, i18nVersionFor, translatorFor } from "./services/languages/i18n.ts";
import { prepareKvOnStart } from "./services/seed/on_start.ts";
import { refreshTranslationOverrides } from "./services/languages/overrides.ts";
import { warmStudentIndex } from "./services/students/list_index.ts";
import { warmAnalytics } from "./services/analytics/warm.ts";

import { isLang, setActiveTranslator } from "./utils/i18n.ts";
import type { AppState } from "./http/app_state.ts";
import { appOrigins, envVar, onDenoDeploy } from "./utils/env.ts";

export interface AppOptions {
  /** KV location; `:memory:` in tests. Defaults to `KV_PATH` or ./data/app.kv. */
  kvPath?: string;
  /** Folder holding static/ (the build output). */
  root?: string;
}

export type { AppEnv };

export async function createApp(opts: AppOptions = {}) {
  await openDb(opts.kvPath);
  // Stored data in the shape this code reads, before anything reads it (once, under a lock, across processes).
  await migrateStore();
  // Translations edited on the language screen apply from the first request on.
  await refreshTranslationOverrides();
  const root = opts.root ?? ".";
  const build = await readBuildManifest(root);
  const app = new OpenAPIHono<AppEnv>({ router: new MemoizedRouter() });

  // Read once: the write guard and both sockets' upgrade checks allow the same origins.
  const origins = appOrigins();

  app.use(chain(
    requestTelemetry(() => app.openAPIRegistry.definitions),
    platform({ build, allowedOrigins: origins, hsts: onDenoDeploy(), onError: handleError }),
    limitBodies(),
  ));

  app.get("/static/i18n/:file{[a-z]{2}\\.json}", (c) => {
    const lang = c.req.param("file").slice(0, 2);
    if (!isLang(lang)) {
      throw new AppError(404, "not_found", "errors.notFound", { params: { entity: "language" } });
    }
    // The language screen's edits are part of the dictionary (and of its version, which the page's ?v= names).
    const etag = `"${i18nVersionFor(lang, build.locales[lang] ?? "")}"`;
    c.header("cache-control", "public, max-age=300");
    c.header("etag", etag);
    if (notModified(c.req.raw.headers, etag)) return c.body(null, 304);
    return c.json(dictionaryFor(lang));
  });
  mountStatic(app, root);
  const apiDocs = mountApiDocs(
    app,
    { title: "UniAdmin", version: "0.1.0" },
    (c) => c.get("state").nonce,
    completeDocument,
    (origin) => asyncApiDocument(origin, "0.1.0"),
  );
  // A record read and sent back is not refused for the fields the server owns (before the API's routers).
  app.use("/api/*", acceptServerOwned(() => serverOwnedFields(apiDocs.document())));

  // The user channel's WebSocket and the calls whose paths the spec fixes outside /api come before the pages.
  app.get("/ws/user", userSocket(origins));
  app.get("/ws/chat", chatSocket(origins));
  app.route("/", shellEvents);

  const routes = mountRoutes<AppState>(app, {
    manifest,
    build,
    state: (c) => c.get("state"),
    beforeRender: (state) => setActiveTranslator(state.lang, state.t),
    islandCacheScope: (state) => `${state.lang}:${state.i18nVersion}`,
    authorize: (state, permission) =>
      state.auth.can(permission)
        ? null
        // The missing key travels with the refusal, so that the 403 page can name it.
        : Promise.reject(new AppError(403, "forbidden", "errors.forbidden", { params: { permission } })),
  });

  // A missing asset is a plain 404; a missing API path the error shape; a missing page the 404 page.
  function notFound(c: Context<AppEnv>) {
    if (c.req.path.startsWith("/static/")) return c.text("Not found", 404);
    if (isApiRequest(c)) {
      return c.json(errorBody(new AppError(404, "not_found", "errors.routeNotFound"), c.get("state").t), 404);
    }
    return routes.renderNotFound(c);
  }

  /** The one error handler: the error shape for API calls, the 404 / 500 pages for pages. A 500 is a bug. */
  function handleError(error: Error, c: Context<AppEnv>) {
    const known = toAppError(error);
    const state = c.get("state");
    if (!known) logEvent("error", "request_failed", { method: c.req.method, path: c.req.path, error });
    if (isApiRequest(c) || !state) {
      const appError = known ?? new AppError(500 as 400, "internal", "errors.internal");
      if (appError.options.retryAfter) c.header("retry-after", String(appError.options.retryAfter));
      return c.json(errorBody(appError, state?.t ?? translatorFor("ka")), appError.status);
    }
    if (known?.status === 404) return notFound(c);
    setActiveTranslator(state.lang, state.t);
    return routes.renderError(c, known?.status ?? 500, known ?? error);
  }

  app.notFound(notFound);
  app.onError(handleError);
  // HEAD states the length of the body GET would send (app.request, used by the tests, goes through fetch too).
  app.fetch = answeringHead(app.fetch);
  return app;
}

if (import.meta.main) {
  const app = await createApp();
  await prepareKvOnStart(envVar("SEED"));
  // Warm the students list's snapshot in the background: start-up must not grow with the data (instances start on
  // demand on Deno Deploy), and the first person's request shares this load rather than starting another.
  warmStudentIndex().then(warmAnalytics).catch((error) =>
    logEvent("error", "warm_students_failed", { error })
  );
  const port = Number(envVar("PORT") ?? 8000);
  const server = Deno.serve({
    port,
    hostname: envVar("HOST") ?? "0.0.0.0",
    onListen: ({ port }) =>
      logEvent("info", "listening", { message: `listening on http://localhost:${port}` }),
  }, app.fetch);
  // SIGTERM / SIGINT: stop accepting, close sockets with 1001, finish requests (≤ 10 s), close the KV, exit 0.
  drainOnSignals(server);
  startJobs();
}

/**
 * Builds the application (Hono + the routes manifest) and, when run directly, serves it.
 * `createApp()` is importable without serving, so tests call it with `kvPath: ":memory:"` and `app.request()`.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { readBuildManifest } from "./framework/build_manifest.ts";
import { type AuthView } from "./framework/api.ts";
import { csrf } from "./framework/middleware/csrf.ts";
import { errorBody, isApiRequest, toAppError } from "./framework/middleware/errors.ts";
import { securityHeaders } from "./framework/middleware/security_headers.ts";
import { mountStatic } from "./framework/middleware/static.ts";
import { mountRoutes } from "./framework/server.ts";
import manifest from "./routes.gen.ts";
import { SESSION_COOKIE, tokenOf } from "./http/session_cookie.ts";
import { identify } from "./services/auth.ts";
import { openDb } from "./services/db.ts";
import { seedIfEmpty } from "./services/seed/mod.ts";
import { dictionaries, translatorFor } from "./services/i18n.ts";
import { AppError } from "./utils/errors.ts";
import { isLang, langFromCookie, setActiveTranslator } from "./utils/i18n.ts";
import type { AppState } from "./utils/state.ts";
import { mountApiDocs } from "./framework/api_docs.ts";

export interface AppOptions {
  /** KV location; `:memory:` in tests. Defaults to `KV_PATH` or ./data/app.kv. */
  kvPath?: string;
  /** Folder holding static/ (the build output). */
  root?: string;
}

export type AppEnv = { Variables: { nonce: string; state: AppState; auth: AuthView } };

const API_BODY_LIMIT = 1024 * 1024;

export async function createApp(opts: AppOptions = {}) {
  await openDb(opts.kvPath);
  const root = opts.root ?? ".";
  const build = await readBuildManifest(root);
  const app = new OpenAPIHono<AppEnv>();
  const allowedOrigins = configuredOrigins();

  app.use(securityHeaders({ hsts: Boolean(env("DENO_DEPLOYMENT_ID")) }));
  app.use(async (c, next) => {
    const lang = langFromCookie(c.req.header("cookie") ?? null);
    const anonymous: AuthView = { userId: null, can: () => false };
    c.set("auth", anonymous);
    c.set("state", {
      nonce: c.get("nonce"),
      lang,
      t: translatorFor(lang),
      auth: anonymous,
      identity: null,
      i18nVersion: build.locales[lang] ?? "",
      css: build.css,
    });
    await next();
  });
  app.use(csrf({ allowedOrigins: (own) => allowedOrigins ?? [own], cookieName: SESSION_COOKIE }));
  app.use(async (c, next) => {
    // Static files need no identity; everything else learns who is asking (or that nobody is).
    if (c.req.path.startsWith("/static/")) return next();
    const identity = await identify(tokenOf(c));
    if (identity) {
      const auth: AuthView = { userId: identity.user.id, can: (key) => identity.permissions.has(key) };
      c.set("auth", auth);
      Object.assign(c.get("state"), { auth, identity });
    }
    await next();
  });
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: () => {
        throw new AppError(413, "payload_too_large", "errors.payloadTooLarge");
      },
    }),
  );

  app.get("/static/i18n/:file{[a-z]{2}\\.json}", (c) => {
    const lang = c.req.param("file").slice(0, 2);
    if (!isLang(lang)) {
      throw new AppError(404, "not_found", "errors.notFound", { params: { entity: "language" } });
    }
    c.header("cache-control", "public, max-age=300");
    c.header("etag", `"${build.locales[lang]}"`);
    if (c.req.header("if-none-match") === `"${build.locales[lang]}"`) return c.body(null, 304);
    return c.json(dictionaries[lang]);
  });
  mountStatic(app, root);
  mountApiDocs(app, { title: "UniAdmin", version: "0.1.0" });

  const routes = mountRoutes<AppState>(app, {
    manifest,
    build,
    state: (c) => c.get("state"),
    beforeRender: (state) => setActiveTranslator(state.lang, state.t),
    authorize: (state, permission) =>
      state.auth.can(permission) ? null : Promise.reject(new AppError(403, "forbidden", "errors.forbidden")),
  });

  // A missing asset is a plain 404; a missing API path the error shape; a missing page the 404 page.
  const notFound = (c: Context) => {
    if (c.req.path.startsWith("/static/")) return c.text("Not found", 404);
    if (isApiRequest(c)) {
      return c.json(errorBody(new AppError(404, "not_found", "errors.routeNotFound"), c.get("state").t), 404);
    }
    return routes.renderNotFound(c);
  };
  app.notFound(notFound);
  app.onError((error, c) => {
    const known = toAppError(error);
    const state = c.get("state");
    if (!known) console.error(`${c.req.method} ${c.req.path} failed:`, error);
    if (isApiRequest(c) || !state) {
      const appError = known ?? new AppError(500 as 400, "internal", "errors.internal");
      return c.json(errorBody(appError, state?.t ?? translatorFor("ka")), appError.status);
    }
    if (known?.status === 404) return notFound(c);
    setActiveTranslator(state.lang, state.t);
    return routes.renderError(c, known?.status ?? 500, known ?? error);
  });
  return app;
}

function env(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** `APP_ORIGIN` (comma-separated) pins the origins allowed to write; by default the request's own origin. */
function configuredOrigins(): string[] | null {
  const value = env("APP_ORIGIN");
  return value ? value.split(",").map((o) => o.trim()).filter(Boolean) : null;
}

export type { Context };

if (import.meta.main) {
  const app = await createApp();
  if (env("SEED") !== "off" && await seedIfEmpty()) console.log("loaded the demo data into the new KV");
  const port = Number(env("PORT") ?? 8000);
  Deno.serve({
    port,
    hostname: env("HOST") ?? "0.0.0.0",
    onListen: ({ port }) => console.log(`listening on http://localhost:${port}`),
  }, app.fetch);
}

/**
 * Mounts the routes manifest on a Hono app: pages (with their layouts, folder middleware, metadata and
 * handlers), API routers under /api, and the `_404` / `_500` pages.
 */
import type { Context } from "hono";
import type { BuildManifest } from "./build_manifest.ts";
import { compareRoutes, folderOf, foldersOf, kindOf, patternOf } from "./fs_routes.ts";
import { registerIslands } from "./islands.ts";
import { renderDocument } from "./render.ts";
import { sharedDocuments as keptDocuments } from "./shared_documents.ts";
import { keepBounded } from "../utils/bounded_map.ts";
import type {
  AnyHono,
  ApiModule,
  BaseState,
  Breadcrumb,
  HandlerFn,
  Handlers,
  Manifest,
  MiddlewareFn,
  MiddlewareModule,
  PageProps,
  RenderInit,
  RouteMeta,
  RouteModule,
} from "./types.ts";

export interface FrameworkOptions<State extends BaseState> {
  manifest: Manifest;
  build: BuildManifest;
  /** Reads the request's state (set by the app's own middleware before the routes). */
  state: (c: Context) => State;
  /** Refuses a page whose `meta.permission` the requester lacks, by returning a Response. */
  authorize?: (state: State, permission: string, url: URL) => Response | null | Promise<Response | null>;
  /** Runs right before each synchronous render, e.g. to point translations at the request's language. */
  beforeRender?: (state: State) => void;
  /** What, besides their props, the HTML of `ssrCache` islands depends on (e.g. language); omit to not cache. */
  islandCacheScope?: (state: State) => string;
}

/** Paths whose breadcrumb trail is kept (a path with ids is one of many: the oldest go first). */
const TRAILS_KEPT = 2_000;
/** Longer paths (no page has one) are not kept: a scan of made-up paths must not fill memory. */
const TRAIL_PATH_MAX = 200;

interface PageEntry {
  file: string;
  pattern: string;
  regex: RegExp;
  mod: RouteModule;
  layouts: RouteModule[];
  middleware: MiddlewareFn<BaseState>[];
}

export interface MountedRoutes {
  pages: { file: string; pattern: string; titleKey?: RouteMeta["titleKey"]; permission?: string }[];
  renderNotFound(c: Context): Promise<Response>;
  renderError(c: Context, status: number, error: unknown): Response;
}

export function mountRoutes<State extends BaseState>(
  app: AnyHono,
  opts: FrameworkOptions<State>,
): MountedRoutes {
  const { manifest, build } = opts;
  registerIslands(manifest.islands);
  const sharedDocuments = keptDocuments();
  const files = Object.keys(manifest.routes);
  const rootSpecial = (kind: string) => {
    const file = files.find((f) => kindOf(f) === kind && folderOf(f) === "");
    return file ? manifest.routes[file] as RouteModule : undefined;
  };
  const appModule = rootSpecial("app");
  const layoutIn = new Map(files.filter((f) => kindOf(f) === "layout").map((f) => [folderOf(f), f]));
  const middlewareIn = new Map(files.filter((f) => kindOf(f) === "middleware").map((f) => [folderOf(f), f]));

  const middlewareFor = (file: string) =>
    foldersOf(file).flatMap((folder) => {
      const mw = middlewareIn.get(folder);
      if (!mw) return [];
      const handler = (manifest.routes[mw] as MiddlewareModule).handler;
      return Array.isArray(handler) ? handler : [handler];
    }) as MiddlewareFn<BaseState>[];

  const layoutsFor = (file: string, mod: RouteModule) => {
    if (mod.config?.skipInheritedLayouts) return [];
    const chain: RouteModule[] = [];
    for (const folder of foldersOf(file)) {
      const path = layoutIn.get(folder);
      if (!path) continue;
      const layout = manifest.routes[path] as RouteModule;
      if (layout.config?.skipInheritedLayouts) chain.length = 0;
      chain.push(layout);
    }
    return chain;
  };

  const pages: PageEntry[] = files
    .filter((f) => kindOf(f) === "page")
    .map((file) => {
      const mod = manifest.routes[file] as RouteModule;
      if (!mod.default && !mod.handler) {
        throw new Error(`routes: ${file} exports neither a default component nor a handler; export one.`);
      }
      const pattern = patternOf(file);
      return {
        file,
        pattern,
        regex: patternRegex(pattern),
        mod,
        layouts: layoutsFor(file, mod),
        middleware: middlewareFor(file),
      };
    })
    .sort((a, b) => compareRoutes(a.pattern, b.pattern));

  // A path's trail depends on the path alone: worked out once per path (each prefix tries the pages' patterns).
  const trails = new Map<string, readonly Breadcrumb[]>();
  const breadcrumbsFor = (path: string): readonly Breadcrumb[] => {
    if (path.length > TRAIL_PATH_MAX) return trailOf(path);
    let trail = trails.get(path);
    if (trail === undefined) keepBounded(trails, path, trail = trailOf(path), TRAILS_KEPT);
    return trail;
  };
  const trailOf = (path: string): readonly Breadcrumb[] => {
    const crumbs: Breadcrumb[] = [];
    const segments = path.split("/").filter(Boolean);
    for (let i = 1; i <= segments.length; i++) {
      const prefix = "/" + segments.slice(0, i).join("/");
      const title = pages.find((p) => p.regex.test(prefix))?.mod.meta?.titleKey;
      const titleKey = typeof title === "function" ? title(prefix) : title;
      if (titleKey) crumbs.push(Object.freeze({ titleKey, href: prefix }));
    }
    return Object.freeze(crumbs);
  };

  const renderWith = (
    c: Context,
    entry: Pick<PageEntry, "layouts" | "mod">,
    data: unknown,
    init?: RenderInit,
    breadcrumbs?: readonly Breadcrumb[],
  ) => {
    const url = new URL(c.req.url);
    const state = opts.state(c);
    const scope = opts.islandCacheScope?.(state) ?? null;
    const sharedKey = init?.sameForEveryone === undefined || scope === null
      ? null
      : `${scope}\n${url.pathname}${url.search}\n${init.sameForEveryone}`;
    let html = sharedKey === null ? undefined : sharedDocuments.get(sharedKey);
    if (html === undefined) {
      const props: PageProps<unknown, State> = {
        url,
        params: c.req.param() as Record<string, string>,
        data,
        state,
        breadcrumbs: breadcrumbs ?? breadcrumbsFor(url.pathname),
      };
      opts.beforeRender?.(state);
      html = renderDocument({
        app: appModule?.default,
        layouts: entry.layouts.map((l) => l.default!),
        page: entry.mod.default!,
        props,
        build,
        islandCacheScope: scope,
      });
      if (sharedKey !== null) sharedDocuments.keep(sharedKey, html);
    }
    // Made with its content type alone and given the other headers after: Deno then keeps the HTML as a string
    // for its native response path, while a Response made with more headers encodes the body up front, which
    // for Georgian text (three bytes a letter) doubled the cost of sending a page.
    const response = new Response(html, {
      status: init?.status ?? 200,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    if (init?.headers) {
      for (const [name, value] of new Headers(init.headers)) {
        if (name !== "content-type") response.headers.set(name, value);
      }
    }
    return response;
  };

  const runChain = (c: Context, chain: MiddlewareFn<BaseState>[], last: () => Promise<Response>) => {
    const url = new URL(c.req.url);
    const params = c.req.param() as Record<string, string>;
    const state = opts.state(c);
    const step = (i: number): Promise<Response> =>
      i === chain.length
        ? last()
        : Promise.resolve(chain[i]({ req: c.req.raw, url, params, state, next: () => step(i + 1) }));
    return step(0);
  };

  // API routers first: a catch-all page must never shadow /api.
  for (const file of files.filter((f) => kindOf(f) === "api")) {
    const mod = manifest.routes[file] as ApiModule;
    if (!mod.default || typeof mod.default.fetch !== "function") {
      throw new Error(`routes: ${file} is under routes/api/ and must export a Hono router as default.`);
    }
    // deno-lint-ignore no-explicit-any
    app.route(patternOf(file), mod.default as any);
  }

  for (const entry of pages) {
    app.all(entry.pattern, (c) =>
      // /api belongs to the API routers: a catch-all page never answers there.
      c.req.path.startsWith("/api/") ? c.notFound() : runChain(c, entry.middleware, async () => {
        const url = new URL(c.req.url);
        const state = opts.state(c);
        const permission = entry.mod.meta?.permission;
        if (permission && opts.authorize) {
          const refused = await opts.authorize(state, permission, url);
          if (refused) return refused;
        }
        const method = c.req.method === "HEAD" ? "GET" : c.req.method;
        const handler = pickHandler(entry.mod.handler, method);
        const params = c.req.param() as Record<string, string>;
        if (handler) {
          return handler({
            req: c.req.raw,
            url,
            params,
            state,
            remoteAddr: remoteAddrOf(c),
            render: (data, init) => renderWith(c, entry, data, init),
          });
        }
        if (method === "GET" && entry.mod.default) return renderWith(c, entry, undefined);
        return new Response(null, { status: 405, headers: { allow: allowedMethods(entry.mod).join(", ") } });
      }));
  }

  const notFoundModule = rootSpecial("notFound");
  const errorModule = rootSpecial("error");
  const rootMiddleware = middlewareFor("./routes/_404.tsx");

  return {
    pages: pages.map((p) => ({
      file: p.file,
      pattern: p.pattern,
      titleKey: p.mod.meta?.titleKey,
      permission: p.mod.meta?.permission,
    })),
    renderNotFound: (c) =>
      runChain(c, rootMiddleware, () => {
        if (!notFoundModule?.default) return Promise.resolve(new Response("Not found", { status: 404 }));
        // The trail is the 404 page's own title: the path's prefixes name pages that were not found.
        const titleKey = notFoundModule.meta?.titleKey;
        const trail = typeof titleKey === "string" ? [{ titleKey, href: c.req.path }] : [];
        return Promise.resolve(
          renderWith(
            c,
            { layouts: layoutsFor("./routes/_404.tsx", notFoundModule), mod: notFoundModule },
            undefined,
            { status: 404 },
            trail,
          ),
        );
      }),
    renderError: (c, status, error) => {
      if (!errorModule?.default) return new Response("Internal error", { status });
      // The error page skips layouts: the shell itself may be what failed. A refusal (403) is no failure of the
      // shell, so it is shown inside it: the menu and top bar stay, and the person goes on from there.
      const layouts = status === 403 ? layoutsFor("./routes/_500.tsx", errorModule) : [];
      return renderWith(c, { layouts, mod: errorModule }, { status, error }, { status });
    },
  };
}

function pickHandler(handler: RouteModule["handler"], method: string): HandlerFn | undefined {
  if (!handler) return undefined;
  if (typeof handler === "function") return handler as HandlerFn;
  return (handler as Handlers)[method as keyof Handlers] as HandlerFn | undefined;
}

function allowedMethods(mod: RouteModule) {
  if (typeof mod.handler === "function") return ["GET", "POST"];
  const methods = Object.keys(mod.handler ?? {});
  if (mod.default && !methods.includes("GET")) methods.push("GET");
  return methods;
}

function patternRegex(pattern: string): RegExp {
  const source = pattern.split("/").map((part) => {
    if (part.endsWith("{.+}")) return ".+";
    if (part.startsWith(":")) return "[^/]+";
    return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("/");
  return new RegExp(`^${source || "/"}$`);
}

/** The peer address Deno.serve passed to Hono, "" when there is none (app.request in tests). */
export function remoteAddrOf(c: Context): string {
  try {
    return (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr?.hostname ?? "";
  } catch {
    return "";
  }
}

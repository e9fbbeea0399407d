import type { ComponentType, JSX } from "preact";

/** What every request carries through middleware, handlers and pages. The app extends it (see http/app_state.ts). */
export interface BaseState {
  /** Per-request CSP nonce; the framework stamps it on every script it emits. */
  nonce: string;
}

/** Route metadata, exported by a route module as `meta`. */
export interface RouteMeta {
  /** i18n key of this route's name in breadcrumbs and the document title; a catch-all route may compute
   * it from the path (returning undefined for paths it does not serve). */
  titleKey?: string | ((path: string) => string | undefined);
  /** Permission key needed to open the page; checked by the app's `authorize` before the handler runs. */
  permission?: string;
}

/** Per-module switches, exported as `config` (Fresh's names). */
export interface RouteConfig {
  /** Render without the `_layout` files of parent folders (e.g. the sign-in page has no shell). */
  skipInheritedLayouts?: boolean;
}

export interface Breadcrumb {
  titleKey: string;
  href: string;
}

export interface PageProps<Data = unknown, State extends BaseState = BaseState> {
  url: URL;
  params: Record<string, string>;
  data: Data;
  state: State;
  /** Names of the route's breadcrumbs, outermost first (from the `meta.titleKey` of each matching route). */
  breadcrumbs: readonly Breadcrumb[];
}

/** Props of `_app` and `_layout`: the page props plus the component to wrap. */
export interface LayoutProps<State extends BaseState = BaseState> extends PageProps<unknown, State> {
  Component: ComponentType<Record<never, never>>;
}

export interface RouteContext<Data = unknown, State extends BaseState = BaseState> {
  req: Request;
  url: URL;
  params: Record<string, string>;
  state: State;
  /** The peer's address as the server saw it (no proxy headers), or "" when unknown (e.g. in tests). */
  remoteAddr: string;
  /** Renders the page component with `data`. */
  render(data?: Data, init?: RenderInit): Response | Promise<Response>;
}

export interface RenderInit extends ResponseInit {
  /**
   * Names a document that is the same for everyone who gets this name on this path, in this language and
   * version of the texts (a public page's blank form): it is rendered once and its HTML reused. Only for
   * pages without islands (a document with the request's nonce is never kept) and without personal data.
   */
  sameForEveryone?: string;
}

export type HandlerFn<Data = unknown, State extends BaseState = BaseState> = (
  ctx: RouteContext<Data, State>,
) => Response | Promise<Response>;

export type Handlers<Data = unknown, State extends BaseState = BaseState> = Partial<
  Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", HandlerFn<Data, State>>
>;

export type MiddlewareFn<State extends BaseState = BaseState> = (
  ctx: { req: Request; url: URL; params: Record<string, string>; state: State; next(): Promise<Response> },
) => Response | Promise<Response>;

/** The shape of a module in routes/ (pages, `_app`, `_layout`, `_404`, `_500`). */
export interface RouteModule {
  // deno-lint-ignore no-explicit-any
  default?: (props: any) => JSX.Element | null;
  // deno-lint-ignore no-explicit-any
  handler?: HandlerFn<any, any> | Handlers<any, any>;
  meta?: RouteMeta;
  config?: RouteConfig;
}

export interface MiddlewareModule {
  // deno-lint-ignore no-explicit-any
  handler: MiddlewareFn<any> | MiddlewareFn<any>[];
}

/** An API module exports a Hono router as default; it is mounted under `/api` + its file path. */
export interface ApiModule {
  // deno-lint-ignore no-explicit-any
  default: { fetch: (...args: any[]) => unknown };
}

/** routes.gen.ts, written by dev.ts: every route and island module, keyed by path relative to the project. */
export interface Manifest {
  routes: Record<string, RouteModule | MiddlewareModule | ApiModule>;
  islands: Record<string, Record<string, unknown>>;
}

/** A Hono app of any env: the framework mounts onto whatever app the project builds. */
// deno-lint-ignore no-explicit-any
export type AnyHono = import("hono").Hono<any, any, any>;

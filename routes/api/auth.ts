import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  clearedSessionCookie,
  clientInfo,
  remoteAddrOf,
  servedOverHttps,
  sessionCookie,
} from "../../http/session_cookie.ts";
import {
  availableAccounts,
  changePassword,
  type Identity,
  signIn,
  signOut,
  switchAccount,
} from "../../services/identity/auth.ts";
import { liveStatusOf } from "../../services/shell/observing.ts";
import { publicUser } from "../../services/identity/users.ts";
import type { AppState } from "../../http/app_state.ts";
import { AuthMe, Ok, PublicUserSchema } from "../../http/schemas/auth.ts";

const router = createRouter();
const json = <T extends z.ZodType>(schema: T, description = "ok") => ({
  200: { description, content: { "application/json": { schema } } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const identityOf = (c: Context) => (c.get("state") as AppState).identity as Identity;
const secure = (c: Context) => servedOverHttps(c.req.raw);

export const authLoginRoute = apiRoute({
  method: "post",
  path: "/login",
  operationId: "authLogin",
  permission: "public",
  summary: "Signs in with email and password; sets the session cookie and returns the token for API clients",
  // Wrong credentials answer 401; repeated failures are throttled (429 with Retry-After).
  errors: [401, 429],
  request: body(
    z.strictObject({ login: z.string().trim().min(1).max(256), password: z.string().min(1).max(256) }),
  ),
  responses: json(z.object({ user: PublicUserSchema, token: z.string() })),
});

router.openapi(
  authLoginRoute,
  async (c) => {
    const { login, password } = c.req.valid("json");
    const carried = (c.get("state") as AppState).identity?.session;
    const client = clientInfo(c.req.raw, remoteAddrOf(c));
    const { user, session, token } = await signIn(login, password, client, carried);
    c.header("set-cookie", sessionCookie(token, session, secure(c)));
    return c.json({ user: publicUser(user), token }, 200);
  },
);

export const authLogoutRoute = apiRoute({
  method: "post",
  path: "/logout",
  operationId: "authLogout",
  permission: "session",
  summary: "Ends this session at once (pages, API and sockets)",
  responses: json(Ok),
});

router.openapi(
  authLogoutRoute,
  async (c) => {
    await signOut(identityOf(c).session);
    c.header("set-cookie", clearedSessionCookie());
    return c.json({ result: "yes" as const }, 200);
  },
);

export const authMeRoute = apiRoute({
  method: "get",
  path: "/me",
  operationId: "authMe",
  permission: "session",
  summary: "The signed-in user, their permission keys, settings and session expiry (null = unlimited)",
  responses: json(AuthMe),
});

router.openapi(
  authMeRoute,
  async (c) => {
    const { user, session, permissions } = identityOf(c);
    const state = c.get("state") as AppState;
    return c.json({
      user: publicUser(user),
      permissions: [...permissions].sort(),
      settings: { lang: state.lang },
      sessionExpiresAt: session.expiresAt,
      live: await liveStatusOf(user.id, state.auth.can),
    }, 200);
  },
);

export const authRefreshPermissionsRoute = apiRoute({
  method: "post",
  path: "/refresh-permissions",
  operationId: "authRefreshPermissions",
  permission: "session",
  summary: "Re-reads the user's permission keys (they are read afresh on every request anyway)",
  responses: json(z.object({ permissions: z.array(z.string()) })),
});

router.openapi(
  authRefreshPermissionsRoute,
  (c) => c.json({ permissions: [...identityOf(c).permissions].sort() }, 200),
);

export const passwordUpdateRoute = apiRoute({
  method: "post",
  path: "/password",
  operationId: "passwordUpdate",
  permission: "session",
  summary: "Changes the password; ends the person's other sessions",
  errors: [429],
  request: body(z.strictObject({
    oldPassword: z.string().min(1).max(256),
    password1: z.string().min(1).max(256),
    password2: z.string().min(1).max(256),
  })),
  responses: json(Ok),
});

router.openapi(
  passwordUpdateRoute,
  async (c) => {
    await changePassword(identityOf(c), c.req.valid("json"));
    return c.json({ result: "yes" as const }, 200);
  },
);

export const accountsAvailableRoute = apiRoute({
  method: "get",
  path: "/accounts",
  operationId: "accountsAvailable",
  permission: "session",
  summary: "Other accounts of this person that it may switch to",
  responses: json(z.object({ data: z.array(PublicUserSchema) })),
});

router.openapi(
  accountsAvailableRoute,
  async (c) => c.json({ data: (await availableAccounts(identityOf(c).user)).map(publicUser) }, 200),
);

export const accountSwitchRoute = apiRoute({
  method: "post",
  path: "/switch",
  operationId: "accountSwitch",
  permission: "session",
  summary: "Switches to another account of the same person; the new session replaces this one",
  request: body(z.strictObject({ accountId: z.number().int().positive() })),
  responses: json(z.object({ result: z.literal("yes"), token: z.string() })),
});

router.openapi(
  accountSwitchRoute,
  async (c) => {
    const { accountId } = c.req.valid("json");
    const { session, token } = await switchAccount(
      identityOf(c),
      accountId,
      clientInfo(c.req.raw, remoteAddrOf(c)),
    );
    c.header("set-cookie", sessionCookie(token, session, secure(c)));
    return c.json({ result: "yes" as const, token }, 200);
  },
);

export default router;

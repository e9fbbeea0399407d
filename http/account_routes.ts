/**
 * The account operations the users tab and the professors tab share (routes/api/users.ts, professors.ts):
 * list, add (the generated password is in the answer, once), edit, remove (= disable: the account and its
 * history stay, every session ends at once), restore (enable), password reset and the change log.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../framework/api.ts";
import {
  accountHistory,
  type AccountKind,
  addAccount,
  editAccount,
  listAccounts,
  resetPassword,
  setDisabled,
} from "../services/identity/user_admin.ts";
import type { AppState } from "./app_state.ts";
import {
  Account,
  AccountAdd,
  AccountCreated,
  AccountEdit,
  AccountList,
  AccountListQuery,
  PasswordReset,
  VersionBody,
  VersionQuery,
} from "./schemas/admin.ts";
import { HistoryList } from "./schemas/structure.ts";
import { IdParam } from "./schemas/timetable.ts";

export interface AccountRouteNames {
  list: string;
  add: string;
  edit: string;
  remove: string;
  restore: string;
  reset: string;
  log: string;
}

const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const json = <S>(schema: S) => ({ "application/json": { schema } });

/** The operations of one account kind, declared apart from their handlers so the islands' client can take
 * their types (routes/api/users.ts and professors.ts export them). */
export function accountRoutes(permission: string, ids: AccountRouteNames, what: string) {
  return {
    list: apiRoute({
      method: "get",
      path: "/",
      operationId: ids.list,
      permission,
      summary: `${what}: one page, filtered by text (names, email, id)`,
      request: { query: AccountListQuery },
      responses: { 200: { description: "ok", content: json(AccountList) } },
    }),
    add: apiRoute({
      method: "post",
      path: "/",
      operationId: ids.add,
      permission,
      summary: `Creates an account (${what}); the answer carries its generated 8-character password, once`,
      request: { body: { required: true, content: json(AccountAdd) } },
      responses: { 201: { description: "created", content: json(AccountCreated) } },
    }),
    edit: apiRoute({
      method: "put",
      path: "/{id}",
      operationId: ids.edit,
      permission,
      summary: "Changes names, guard, roles and HR link; account 1 is protected (409 protected_account)",
      request: { params: IdParam, body: { required: true, content: json(AccountEdit) } },
      responses: { 200: { description: "saved", content: json(Account) } },
    }),
    remove: apiRoute({
      method: "delete",
      path: "/{id}",
      operationId: ids.remove,
      permission,
      summary: "Removes = disables the account (kept for its history) and ends every session of it at once",
      request: { params: IdParam, query: VersionQuery },
      responses: { 200: { description: "disabled", content: json(Account) } },
    }),
    restore: apiRoute({
      method: "post",
      path: "/{id}/restore",
      operationId: ids.restore,
      permission,
      summary: "Enables a disabled account again",
      request: { params: IdParam, body: { required: true, content: json(VersionBody) } },
      responses: { 200: { description: "enabled", content: json(Account) } },
    }),
    reset: apiRoute({
      method: "post",
      path: "/{id}/password",
      operationId: ids.reset,
      permission,
      errors: [409],
      summary:
        "Sets a new generated password (in the answer, once) and ends the person's sessions; account 1 is protected (409 protected_account)",
      request: { params: IdParam },
      responses: { 200: { description: "reset", content: json(PasswordReset) } },
    }),
    log: apiRoute({
      method: "get",
      path: "/{id}/log",
      operationId: ids.log,
      permission,
      summary: "The account's change history, newest first (who, when, before and after; never a hash)",
      request: { params: IdParam },
      responses: { 200: { description: "ok", content: json(HistoryList) } },
    }),
  };
}

export function accountRouter(kind: AccountKind, routes: ReturnType<typeof accountRoutes>) {
  const router = createRouter();

  router.openapi(
    routes.list,
    async (c) => {
      const { students, ...query } = c.req.valid("query");
      const { items, total } = await listAccounts({ ...query, kind, students: students === "1" });
      return c.json({ data: items, total }, 200);
    },
  );

  router.openapi(
    routes.add,
    async (c) => c.json(await addAccount(c.req.valid("json"), kind, actorOf(c)), 201),
  );

  router.openapi(
    routes.edit,
    async (c) =>
      c.json(await editAccount(c.req.valid("param").id, c.req.valid("json"), kind, actorOf(c)), 200),
  );

  router.openapi(
    routes.remove,
    async (c) => {
      const { versionstamp } = c.req.valid("query");
      return c.json(await setDisabled(c.req.valid("param").id, true, kind, actorOf(c), versionstamp), 200);
    },
  );

  router.openapi(
    routes.restore,
    async (c) => {
      const { versionstamp } = c.req.valid("json");
      return c.json(await setDisabled(c.req.valid("param").id, false, kind, actorOf(c), versionstamp), 200);
    },
  );

  router.openapi(
    routes.reset,
    async (c) => c.json({ password: await resetPassword(c.req.valid("param").id, kind, actorOf(c)) }, 200),
  );

  router.openapi(
    routes.log,
    async (c) => c.json({ data: await accountHistory(c.req.valid("param").id, kind, stateOf(c).lang) }, 200),
  );

  return router;
}

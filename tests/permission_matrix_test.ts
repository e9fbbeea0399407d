/**
 * Every API operation, called as nobody and as every demo account: the server must allow or refuse exactly
 * as the operation's `x-permission` says for that account's keys. Bodies are empty, so an allowed call stops
 * at validation (4xx other than 401/403) and changes nothing; a refused one never reaches validation.
 */
import { assertEquals } from "./assert.ts";
import { ACCOUNTS, type DemoAccount, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { findUserByEmail, permissionsOf } from "../services/identity/users.ts";

const app = await seededApp();
const doc = await (await app.request("/api/openapi.json")).json();

interface Operation {
  method: string;
  path: string;
  operationId: string;
  permission: string;
}

const operations: Operation[] = Object.entries(
  doc.paths as Record<string, Record<string, Record<string, string>>>,
)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      permission: op["x-permission"],
    }))
  );

// A syntactically valid value for each path parameter, so routing and the guard are what decide.
const concrete = (path: string) => path.replace(/\{sid\}/g, "A".repeat(43)).replace(/\{(\w+)\}/g, "1");

async function call(op: Operation, token: string | null) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (token) headers.authorization = `Bearer ${token}`;
  const write = op.method !== "GET";
  if (write) headers["content-type"] = "application/json";
  const res = await app.request(concrete(op.path), {
    method: op.method,
    headers,
    body: write ? "{}" : undefined,
  });
  await res.body?.cancel();
  return res.status;
}

Deno.test("permission matrix: every operation × every demo account", async (t) => {
  const keys = new Map<DemoAccount, ReadonlySet<string>>();
  for (const account of ACCOUNTS) {
    keys.set(account, await permissionsOf((await findUserByEmail(DEMO_ACCOUNTS[account].email))!));
  }

  for (const op of operations) {
    await t.step(`${op.operationId} (${op.permission})`, async () => {
      const anonymous = await call(op, null);
      if (op.permission === "public") {
        assertEquals([401, 403].includes(anonymous), false, `anonymous got ${anonymous}`);
      } else assertEquals(anonymous, 401, "anonymous");
      for (const account of ACCOUNTS) {
        const status = await call(op, await tokenFor(account));
        const allowed = op.permission === "public" || op.permission === "session" ||
          keys.get(account)!.has(op.permission);
        if (allowed) assertEquals([401, 403].includes(status), false, `${account} was refused (${status})`);
        else assertEquals(status, 403, `${account} was not refused`);
      }
    });
  }

  await t.step("the matrix covers keys that some accounts lack", () => {
    // Guards against a matrix that passes only because everything is public or session-wide.
    const keyed = operations.filter((op) => op.permission !== "public" && op.permission !== "session");
    const everyoneAllowed = keyed.every((op) => ACCOUNTS.every((a) => keys.get(a)!.has(op.permission)));
    assertEquals(keyed.length === 0 || !everyoneAllowed, true);
  });
});

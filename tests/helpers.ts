/**
 * Shared set-up for API tests: an app on a `:memory:` KV seeded with the demo university, and sessions for
 * the demo accounts made directly (no password hashing, no throttling), for calls with a Bearer token.
 */
import { createApp } from "../main.ts";
import { seed } from "../services/seed/mod.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { createSession } from "../services/identity/sessions.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { pinClock } from "../services/academic/clock.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";
import { checkingResponses } from "./openapi_responses.ts";
import { backgroundSettled } from "../utils/background.ts";

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;
export const ACCOUNTS = Object.keys(DEMO_ACCOUNTS) as DemoAccount[];
export const ORIGIN = "http://localhost";

/**
 * The app on a seeded `:memory:` KV, its calendar at the demo university's "today" (REFERENCE_NOW); each answer
 * `app.request` gives is checked against the OpenAPI document, and comes once the work the request started in
 * the background (a cache's refresh) has settled, so that a test ends with nothing of its own still running.
 */
export async function seededApp() {
  pinClock(REFERENCE_NOW);
  const app = await createApp({ kvPath: ":memory:" });
  await seed("small", () => {});
  const request = app.request.bind(app);
  app.request = (async (...args: Parameters<typeof request>) => {
    const res = await request(...args);
    await backgroundSettled();
    return res;
  }) as typeof app.request;
  // Every answer a suite receives is checked against the published document (tests/openapi_responses.ts).
  return checkingResponses(app);
}

/** A fresh session token for a demo account. */
export async function tokenFor(account: DemoAccount): Promise<string> {
  const user = await findUserByEmail(DEMO_ACCOUNTS[account].email);
  if (!user) throw new Error(`demo account ${account} is missing: was the app seeded?`);
  const { token } = await createSession({
    userId: user.id,
    guard: user.guard,
    ttlSeconds: 3600,
    ip: "127.0.0.1",
    userAgent: "test",
  });
  return token;
}

export function jsonRequest(
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

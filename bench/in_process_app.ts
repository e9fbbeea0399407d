/**
 * The app in this process, for the benchmarks that measure it through `app.request`: on an in-memory KV with a
 * demo university, and sessions of its people. The app's module comes first, as its modules set up what the others
 * use; group benchmarks (calendar, reports, analytics) import this file dynamically, since bench/run.ts imports
 * them for their checks only, without the app's module graph.
 */
import { createApp } from "../main.ts";
import { pinClock } from "../services/academic/clock.ts";
import { createSession } from "../services/identity/sessions.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { seed } from "../services/seed/mod.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";

/** A fresh in-memory app holding the demo university of `size`, on the demo's own "today". */
export async function seededApp(size: "small" | "large") {
  pinClock(REFERENCE_NOW);
  const app = await createApp({ kvPath: ":memory:" });
  const started = performance.now();
  await seed(size, () => {});
  return { app, seedSeconds: (performance.now() - started) / 1000 };
}

/** A session token of the person signing in with `email` (the KV the app opened must hold them). */
export async function sessionToken(email: string, ttlSeconds = 3600): Promise<string> {
  const user = await findUserByEmail(email);
  if (!user) throw new Error(`no ${email} in this KV: seed it first (deno task seed --size large)`);
  const { token } = await createSession({
    userId: user.id,
    guard: user.guard,
    ttlSeconds,
    ip: "127.0.0.1",
    userAgent: "bench",
  });
  return token;
}

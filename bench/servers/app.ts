/**
 * The application as benchmarked: `createApp()` from main.ts behind `Deno.serve`, started as its own process
 * with the production flags (deno.json task "serve") by bench/run.ts.
 * KV defaults to `:memory:` so a run leaves nothing behind; `KV_PATH` overrides it.
 *
 * Before listening it loads the small demo data set and opens a session for the demo registrar
 * (staff@uni.test), printed as `session-token <jwt>` on its own line before `listening on …`, so the load
 * generator can send it as the `session` cookie and measure signed-in pages.
 */
import { createApp } from "../../main.ts";
import { seed, seedMarker } from "../../services/seed/mod.ts";
import { createSession } from "../../services/identity/sessions.ts";
import { findUserByEmail } from "../../services/identity/users.ts";

const BENCH_USER_EMAIL = "staff@uni.test";

const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";
const app = await createApp({ kvPath: Deno.env.get("KV_PATH") || ":memory:" });

// A KV_PATH that already holds the demo data is used as it is.
if (!(await seedMarker())) await seed("small", () => {});
const user = await findUserByEmail(BENCH_USER_EMAIL);
if (!user) throw new Error(`no ${BENCH_USER_EMAIL} after seeding: the demo accounts changed`);
const { token } = await createSession({
  userId: user.id,
  guard: user.guard,
  ttlSeconds: 3600,
  ip: "127.0.0.1",
  userAgent: "bench",
});
console.log(`session-token ${token}`);

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, app.fetch);

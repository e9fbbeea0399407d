/**
 * The application as benchmarked: `createApp()` from main.ts behind `Deno.serve`, started as its own process
 * with the production flags (deno.json task "serve") by bench/run.ts, on a KV file as production runs
 * (`KV_PATH`, required: bench/run.ts passes a temporary file under ./data).
 *
 * Before listening it loads the demo university into an empty KV, as `npm start` asks for it (SEED=demo), and
 * opens several sessions of different people (the demo registrar and the administrator, alternately), printed
 * as `session-tokens <jwt> <jwt> …` on one line before `listening on …`. The load generator sends them in turn,
 * so the signed-in pages are measured over several sessions and users, not one warm session.
 */
import { createApp } from "../../main.ts";
import { prepareKvOnStart } from "../../services/seed/on_start.ts";
import { DEMO_ACCOUNTS } from "../../services/seed/accounts.ts";
import { createSession } from "../../services/identity/sessions.ts";
import { findUserByEmail } from "../../services/identity/users.ts";

const SESSIONS = 8;
// `--people=a@x,b@y` measures other people (the registration bench signs in the student); the production flags
// allow no further environment variable, so it is an argument.
const PEOPLE = Deno.args.find((a) => a.startsWith("--people="))?.slice("--people=".length).split(",") ??
  [DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.admin.email];

const kvPath = Deno.env.get("KV_PATH");
if (!kvPath || kvPath === ":memory:") {
  throw new Error("set KV_PATH to a KV file: the app is measured as it runs");
}
const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";
const app = await createApp({ kvPath });
// A KV that holds the demo data already (the large university of bench/academic.ts) is used as it is.
await prepareKvOnStart("demo", () => {});

const tokens: string[] = [];
for (let i = 0; i < SESSIONS; i++) {
  const email = PEOPLE[i % PEOPLE.length];
  const user = await findUserByEmail(email);
  if (!user) throw new Error(`no ${email} in the demo data: the demo accounts changed`);
  const { token } = await createSession({
    userId: user.id,
    guard: user.guard,
    ttlSeconds: 3600,
    ip: `127.0.0.${1 + i}`,
    userAgent: `bench session ${i + 1}`,
  });
  tokens.push(token);
}
console.log(`session-tokens ${tokens.join(" ")}`);

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, app.fetch);

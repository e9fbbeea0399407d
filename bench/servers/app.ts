/**
 * The application as benchmarked: `createApp()` from main.ts behind `Deno.serve`, started as its own process
 * with the production flags (deno.json task "serve") by bench/run.ts.
 * KV defaults to `:memory:` so a run leaves nothing behind; `KV_PATH` overrides it.
 */
import { createApp } from "../../main.ts";

const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";
const app = await createApp({ kvPath: Deno.env.get("KV_PATH") || ":memory:" });

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, app.fetch);

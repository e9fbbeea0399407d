/**
 * Framework baseline: a minimal Hono app with one JSON route and no middleware, started as its own process by
 * bench/run.ts. It separates what Hono's routing and `c.json()` cost from what the app's middleware costs.
 * Binds `HOST:PORT` (default 127.0.0.1 and a free port) and prints the URL it listens on.
 */
import { Hono } from "hono";

const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";

const app = new Hono();
app.get("/json", (c) => c.json({ status: "ok", time: new Date().toISOString() }));

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, app.fetch);

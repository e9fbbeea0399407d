/**
 * Baseline server: a bare `Deno.serve` hello-world, started as its own process by bench/run.ts.
 * Binds `HOST:PORT` (default 127.0.0.1 and a free port) and prints the URL it listens on.
 */
const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, () => new Response("Hello, World!"));

/**
 * Baseline server: a bare `Deno.serve` hello-world (and pages of a given size), started as its own process by
 * bench/run.ts.
 * Binds `HOST:PORT` (default 127.0.0.1 and a free port) and prints the URL it listens on.
 */
const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, (request) => {
  const sized = /^\/bytes\/(\d{1,7})$/.exec(new URL(request.url).pathname);
  if (!sized) return new Response("Hello, World!");
  return new Response(bodyOf(Number(sized[1])), { headers: { "content-type": "text/html; charset=utf-8" } });
});

/**
 * `/bytes/<n>`: a page of n bytes (Georgian letters, three bytes each, as the app's pages are mostly), so the
 * cost of sending a page's bytes and of the load generator reading them is measured apart from making it.
 */
const bodies = new Map<number, string>();
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (body === undefined) {
    body = "ა".repeat(Math.floor(bytes / 3)) + "a".repeat(bytes % 3);
    bodies.set(bytes, body);
  }
  return body;
}

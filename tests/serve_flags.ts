/**
 * The Deno flags of the production server, read from the `serve` task in deno.json, so tests run the server
 * (and the permission probe) with exactly what `npm start` uses — never with more.
 */
export async function serveFlags(root = new URL("..", import.meta.url).pathname): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(`${root}/deno.json`));
  const task: string = config.tasks.serve;
  const words = task.split(/\s+/);
  const run = words.indexOf("run");
  const entry = words.indexOf("main.ts");
  if (run === -1 || entry === -1) {
    throw new Error(`deno.json task "serve" must be "… run <flags> main.ts"; it is: ${task}`);
  }
  return words.slice(run + 1, entry);
}

export const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const DENO = Deno.execPath();

/** A port nothing listens on right now, for a server process to bind. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Graceful shutdown (ARCHITECTURE §10): on SIGTERM or SIGINT the server closes its sockets with 1001 so that
 * clients reconnect and resume, stops accepting connections, lets requests in flight finish within DRAIN_MS,
 * closes the KV and exits 0. A chat message is acknowledged only after its commit, so one that was in flight when its
 * socket closed is either committed (and replayed by the resume) or sent again by the client under the same
 * client id (and committed once).
 */
import { closeDb } from "../db/kv.ts";
import { closeAllSockets } from "./open_sockets.ts";
import { logEvent } from "./log.ts";

/** What requests in flight get to finish; the issue's bound, well inside orchestrators' 30 s grace. */
export const DRAIN_MS = 10_000;
/** How long the sockets may take to fall quiet and complete their closing handshakes. */
const SOCKET_CLOSE_MS = 5_000;

let draining = false;

/** True from the first signal on: readiness fails, so a load balancer stops sending new requests. */
export const isDraining = () => draining;

export function drainOnSignals(
  server: Deno.HttpServer,
  extra: { stop?: () => void | Promise<void> } = {},
): void {
  const onSignal = (signal: Deno.Signal) => () => {
    if (draining) return;
    drain(server, signal, extra.stop).then(() => Deno.exit(0), (error) => {
      logEvent("error", "shutdown_failed", { error: String(error) });
      Deno.exit(1);
    });
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    // Windows knows SIGINT only (and SIGBREAK); the server runs on Linux, tests may not.
    try {
      Deno.addSignalListener(signal, onSignal(signal));
    } catch {
      // not supported here
    }
  }
}

/** The drain itself, without the exit (tests call it); resolves once the KV is closed. */
export async function drain(
  server: Deno.HttpServer,
  signal: string,
  stop?: () => void | Promise<void>,
  drainMs = DRAIN_MS,
): Promise<void> {
  draining = true;
  const started = performance.now();
  logEvent("info", "shutdown_started", { signal });
  // Sockets first, then the listener: the other order cut closing handshakes under way. Clients reconnect after
  // a delay, by which time this server accepts no more.
  const sockets = await closeAllSockets(SOCKET_CLOSE_MS);
  const stopped = server.shutdown();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = await Promise.race([
    stopped.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
  ]);
  clearTimeout(timer);
  await stop?.();
  await closeDb();
  logEvent("info", "shutdown_finished", {
    signal,
    ms: Math.round(performance.now() - started),
    requestsCutOff: !finished,
    sockets: sockets.sockets,
    socketsCutOff: sockets.unclean,
  });
}

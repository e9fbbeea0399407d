/**
 * Builds a spreadsheet in a worker (xlsx_worker.ts), so that a large export never holds up the server's event
 * loop: sign-ins, pages and chat go on while it is made. The rows are made from the caller's items and handed
 * over in chunks, with a turn of the event loop between them (making or copying 20,000 rows at once would
 * itself be a stall). Starting a worker costs
 * the event loop some 15–20 ms, so idle workers are kept for a while and reused, then ended to give their
 * memory back (at the next export). How many build at once is bounded by export_slots.ts, which hands out one worker per slot.
 */
import type { XlsxCell } from "./xlsx_export.ts";
import type { XlsxWorkerMessage } from "./xlsx_worker.ts";

const CHUNK_ROWS = 1000;
const IDLE_WORKER_MS = 30_000;
const WORKER_URL = new URL("./xlsx_worker.ts", import.meta.url);

interface IdleWorker {
  worker: Worker;
  since: number;
}
// Ended lazily, when the next export comes, rather than by a timer per worker: exports are bounded to a slot or
// two per process (export_slots.ts), so at most that many idle workers wait, and no timer outlives a request
// (Deno 2.5's test sanitizer counts even an unref'd one).
const idle: IdleWorker[] = [];

function endStaleWorkers(now: number) {
  for (let i = idle.length - 1; i >= 0; i--) {
    if (now - idle[i].since < IDLE_WORKER_MS) continue;
    idle[i].worker.terminate();
    idle.splice(i, 1);
  }
}

function takeWorker(): Worker {
  endStaleWorkers(Date.now());
  return idle.pop()?.worker ?? new Worker(WORKER_URL, { type: "module", name: "xlsx export" });
}

function giveBack(worker: Worker) {
  idle.push({ worker, since: Date.now() });
}

export async function toXlsxOffThread<T>(
  sheetName: string,
  headers: readonly string[],
  items: readonly T[],
  toRow: (item: T) => XlsxCell[],
): Promise<Uint8Array> {
  const worker = takeWorker();
  let healthy = false;
  try {
    const done = new Promise<Uint8Array>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Uint8Array>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`xlsx worker failed: ${event.message}`));
      };
    });
    const send = (message: XlsxWorkerMessage) => worker.postMessage(message);
    send({ kind: "start", sheetName, headers: [...headers] });
    for (let start = 0; start < items.length; start += CHUNK_ROWS) {
      send({ kind: "rows", rows: items.slice(start, start + CHUNK_ROWS).map(toRow) });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    send({ kind: "end" });
    const bytes = await done;
    healthy = true;
    return bytes;
  } finally {
    if (healthy) giveBack(worker);
    else worker.terminate();
  }
}

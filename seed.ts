/**
 * `deno task seed [--size small|large]`: fills the KV at KV_PATH (default ./data/app.kv) with the demo
 * university. Refuses a KV that was already seeded; delete the file (or point KV_PATH elsewhere) first.
 */
import { closeDb, openDb } from "./services/db/kv.ts";
import { seed, seedMarker, type SeedSize } from "./services/seed/mod.ts";

const sizeArg = Deno.args[Deno.args.indexOf("--size") + 1];
const size: SeedSize = Deno.args.includes("--size") ? (sizeArg as SeedSize) : "small";
if (size !== "small" && size !== "large") {
  console.error(`--size must be "small" or "large", not "${sizeArg}"`);
  Deno.exit(2);
}
await openDb();
const existing = await seedMarker();
if (existing) {
  console.error(
    `this KV was seeded (${existing.size}) at ${existing.at}; remove it or set KV_PATH to a new file`,
  );
  Deno.exit(1);
}
const started = performance.now();
await seed(size);
console.log(`seeded the ${size} demo university in ${Math.round(performance.now() - started)} ms`);
await closeDb();

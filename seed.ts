/**
 * `deno task seed [--size small|large]`: fills the KV at KV_PATH (default ./data/app.kv) with the demo
 * university. Refuses a KV that was already seeded or has users; delete the file (or point KV_PATH elsewhere)
 * first.
 */
import { closeDb, openDb } from "./services/db/kv.ts";
import { seed, seedMarker, type SeedSize } from "./services/seed/mod.ts";
import { hasNoUsers } from "./services/identity/first_admin.ts";

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
if (!(await hasNoUsers())) {
  // Demo accounts, whose passwords are published, never join a KV that has people of its own.
  console.error("this KV has users of its own; seed the demo university into a new KV_PATH");
  Deno.exit(1);
}
const started = performance.now();
await seed(size);
console.log(`seeded the ${size} demo university in ${Math.round(performance.now() - started)} ms`);
await closeDb();

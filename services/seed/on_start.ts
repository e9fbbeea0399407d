/**
 * What a server start does with the KV. The demo university's accounts have passwords published in the README,
 * so it is loaded only when asked for (`SEED=demo`, which `npm start` sets) and only into a KV without users;
 * a deployment (`deno task serve`) starts empty and gets its first administrator from `deno task admin`.
 */
import { hasNoUsers } from "../identity/first_admin.ts";
import { seed, seedMarker } from "./mod.ts";
import { logEvent } from "../operations/log.ts";

export type SeedChoice = "demo" | "none";

/** `SEED`: "demo", or unset ("off", the former way to say so, still means unset). Anything else is a typo. */
export function seedChoiceOf(value: string | undefined): SeedChoice {
  if (value === "demo") return "demo";
  if (value === undefined || value === "off") return "none";
  throw new Error(`SEED must be "demo" or unset, not "${value}"`);
}

export async function prepareKvOnStart(
  seedSetting: string | undefined,
  log = (message: string) => logEvent("info", "start_up", { message }),
): Promise<void> {
  const choice = seedChoiceOf(seedSetting);
  if (await seedMarker()) return;
  const empty = await hasNoUsers();
  if (choice === "demo" && empty) {
    await seed("small", log);
    log("loaded the demo university into the new KV (its accounts are in the README)");
  } else if (choice === "demo") {
    // A KV with real people never gets accounts whose passwords are published.
    log("SEED=demo: this KV has users of its own, so the demo university was not loaded");
  } else if (empty) {
    log("no one can sign in yet: create the first administrator with `deno task admin --email <address>`");
  }
}

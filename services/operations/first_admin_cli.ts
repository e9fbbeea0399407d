/**
 * `deno task admin --email <address> [--name <name>]`: the first administrator of an empty KV at KV_PATH
 * (default ./data/app.kv; a KV Connect URL with DENO_KV_ACCESS_TOKEN for Deno Deploy). Prints the password,
 * which exists nowhere else. Refuses a KV that has users already.
 */
import { closeDb, openDb } from "../db/kv.ts";
import { createFirstAdmin } from "../identity/first_admin.ts";

function option(name: string): string | undefined {
  const at = Deno.args.indexOf(name);
  return at === -1 ? undefined : Deno.args[at + 1];
}

const email = option("--email")?.trim();
const name = option("--name")?.trim();
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error('usage: deno task admin --email <address> [--name "<full name>"]');
  Deno.exit(2);
}
await openDb();
const created = await createFirstAdmin({ email, name: name || undefined });
await closeDb();
if (!created) {
  console.error("this KV has users already; the administrator adds people on the permissions screen");
  Deno.exit(1);
}
console.log(`administrator ${created.user.email} (user id ${created.user.id}) created`);
console.log(`password: ${created.password}`);
console.log("it is shown only this once: sign in and change it from the user menu");

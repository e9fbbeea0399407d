/**
 * Writes the fixture migrations_test.ts upgrades: a small data set as the code of the day writes it (the demo
 * accounts, notifications and chat rooms of the seed), saved with `takeBackup`. Re-run only to capture a newer
 * shape, next to the older fixtures, never over them:
 *   deno run -A services/operations/testdata/make_fixture.ts services/operations/testdata/<name>.kvbackup
 */
import { closeDb, openDb } from "../../db/kv.ts";
import { accountsSeed } from "../../seed/accounts.ts";
import { chatSeed } from "../../seed/chat.ts";
import { notificationsSeed } from "../../seed/notifications.ts";
import { Random } from "../../seed/random.ts";
import { takeBackup } from "../backup.ts";

const target = Deno.args[0];
const dir = await Deno.makeTempDir();
await openDb(`${dir}/fixture.kv`);
const ctx = { size: "small" as const, random: new Random(20260901), log: () => {} };
for (const part of [accountsSeed, notificationsSeed, chatSeed]) await part.run(ctx);
await closeDb();
const manifest = await takeBackup(`${dir}/fixture.kv`, target);
await Deno.remove(dir, { recursive: true });
console.log(`${target}: ${manifest.keyCount} keys`);

/**
 * The demo university: one deterministic generator that every module extends with a part. `small` is what
 * `npm start` (SEED=demo, on_start.ts) loads into an empty KV and what the tests use; `large` is for
 * benchmarks (`deno task seed --size large`).
 * A marker in KV records what was seeded, so a restart never seeds twice.
 */
import { db } from "../db/kv.ts";
import { accountsSeed } from "./accounts.ts";
import { chatSeed } from "./chat.ts";
import { booksCatalogueSeed } from "./books_catalogue.ts";
import { notificationsSeed } from "./notifications.ts";
import { shellLiveSeed } from "./shell_live.ts";
import { Random } from "./random.ts";
import { universitySeed } from "./university.ts";
import { universityBooksSeed } from "./university_books.ts";
import { registrationSeed } from "./registration.ts";
import { listsSeed } from "./lists.ts";
import { financesSeed } from "./finances.ts";
import { pollsSeed } from "./polls.ts";
import { smsSeed } from "./sms.ts";
import { eventsSeed } from "./events.ts";
import { messagesSeed } from "./messages.ts";
import { admissionsSeed } from "./admissions.ts";

export type SeedSize = "small" | "large";

export interface SeedContext {
  size: SeedSize;
  random: Random;
  log(message: string): void;
}

export interface SeedPart {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

export interface SeedMarker {
  size: SeedSize;
  parts: string[];
  at: string;
}

/** Parts run in this order; later modules append theirs (people before courses before timetables). */
export const SEED_PARTS: SeedPart[] = [
  accountsSeed,
  universitySeed,
  booksCatalogueSeed,
  universityBooksSeed,
  registrationSeed,
  listsSeed,
  financesSeed,
  admissionsSeed,
  notificationsSeed,
  shellLiveSeed,
  pollsSeed,
  smsSeed,
  eventsSeed,
  messagesSeed,
  chatSeed,
];

const MARKER: Deno.KvKey = ["meta", "seed"];

export async function seedMarker(): Promise<SeedMarker | null> {
  return (await db().get<SeedMarker>(MARKER)).value;
}

export async function seed(size: SeedSize, log: (m: string) => void = console.log): Promise<SeedMarker> {
  const ctx: SeedContext = { size, random: new Random(20260901), log };
  for (const part of SEED_PARTS) {
    const started = performance.now();
    await part.run(ctx);
    log(`seeded ${part.name} in ${Math.round(performance.now() - started)} ms`);
  }
  const marker: SeedMarker = { size, parts: SEED_PARTS.map((p) => p.name), at: new Date().toISOString() };
  await db().set(MARKER, marker);
  return marker;
}

/**
 * Schedules (ARCHITECTURE §4, issue 32 point 5): work a module needs at set times — nightly aggregates, hold
 * checks, sweeping unattached uploads. A module declares one with `defineSchedule` in its own file and lists
 * that file in schedule_list.ts; every server process registers them all with `Deno.cron` at start-up.
 *
 * A schedule's handler does no work itself: it enqueues the module's job (jobs.ts) with an idempotency key
 * naming the schedule and the minute it fired for. So the work survives an instance stopping mid-way (the
 * queue redelivers it, with retries and dead letters), and runs once per firing however many processes fire
 * it: on Deno Deploy the platform runs each cron once, but self-hosted every process sharing the KV runs its
 * own `Deno.cron` (`deno task serve`; deno.json's "unstable" enables it on both), and they all enqueue the
 * same key.
 *
 * Cron expressions are in UTC (Deno.cron's only zone): Tbilisi is UTC+4 all year.
 */
import type { Job } from "./jobs.ts";
import { logEvent } from "./log.ts";

/** 02:30 in Tbilisi, every night: for nightly aggregates and checks. */
export const NIGHTLY_CRON = "30 22 * * *";

export interface ScheduleDefinition<P> {
  /** snake_case, stable: it names the cron and the jobs it enqueues. */
  name: string;
  /** Five-field cron expression, UTC. */
  cron: string;
  /** The job each firing enqueues. */
  job: Job<P>;
  /** The job's payload for the firing at `slot` (the minute it fired for). */
  payload(slot: Date): P;
}

interface Schedule {
  name: string;
  cron: string;
  fire(now: Date): Promise<boolean>;
}

/** Deno.cron's shape, injectable so tests see what would be registered. */
export type CronRegistrar = (name: string, schedule: string, handler: () => Promise<void>) => unknown;

const schedules = new Map<string, Schedule>();

/** The minute a firing is for: rounded, so processes whose clocks differ by seconds agree on it. */
export const slotOf = (now: Date) => new Date(Math.round(now.getTime() / 60_000) * 60_000);

export function defineSchedule<P>(definition: ScheduleDefinition<P>): void {
  if (schedules.has(definition.name)) throw new Error(`schedule ${definition.name} is defined twice`);
  schedules.set(definition.name, {
    name: definition.name,
    cron: definition.cron,
    fire: (now) => {
      const slot = slotOf(now);
      return definition.job.enqueue(definition.payload(slot), {
        key: `schedule:${definition.name}:${slot.toISOString()}`,
      });
    },
  });
}

/** Enqueues the job of schedule `name` for the firing at `now`; false when that firing was enqueued already. */
export async function fireSchedule(name: string, now = new Date()): Promise<boolean> {
  const schedule = schedules.get(name);
  if (!schedule) throw new Error(`no schedule is named ${name}`);
  const enqueued = await schedule.fire(now);
  logEvent("info", "schedule_fired", { schedule: name, enqueued });
  return enqueued;
}

/** Every defined schedule, as registered: name and cron expression. */
export const listSchedules = () => [...schedules.values()].map(({ name, cron }) => ({ name, cron }));

/** Deno.cron where it exists (needs deno.json's "unstable": ["cron"] off Deploy); otherwise none, said once. */
function denoCron(): CronRegistrar | null {
  const cron = (Deno as { cron?: CronRegistrar }).cron;
  return typeof cron === "function" ? cron.bind(Deno) : null;
}

/** Registers every schedule with `cron` (Deno.cron by default); returns the names registered. */
export function startSchedules(cron: CronRegistrar | null = denoCron()): string[] {
  if (!cron) {
    logEvent("warn", "schedules_off", { message: "Deno.cron is not available: run with --unstable-cron" });
    return [];
  }
  for (const { name, cron: expression } of schedules.values()) {
    cron(name, expression, async () => {
      try {
        await fireSchedule(name);
      } catch (error) {
        // The next firing tries again; the job itself retries through the queue.
        logEvent("error", "schedule_failed", { schedule: name, error });
      }
    });
  }
  return [...schedules.keys()];
}

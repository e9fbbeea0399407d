/**
 * The environment the server reads: only the variables listed here (README "Configuration"), through `envVar`.
 * Self-hosted, the serve task's `--allow-env` grants exactly these names (tests/allow_all_test.ts compares the
 * two); on Deno Deploy, which runs with `--allow-all`, this list is the only guard, so a name not on it is
 * refused here rather than read.
 */
export const DOCUMENTED_ENV = [
  "PORT",
  "HOST",
  "KV_PATH",
  "JWT_SECRET",
  "APP_ORIGIN",
  "SEED",
  "TRUST_PROXY",
  "SMS_GATEWAY_URL",
  "SMS_GATEWAY_KEY",
  "SMS_SENDER",
  "APP_NOW",
  // Deno's built-in OpenTelemetry: telemetry code runs only when it is on.
  "OTEL_DENO",
  // Set by Deno Deploy: the new Deploy's DENO_DEPLOY and DENO_TIMELINE, Deploy Classic's DENO_DEPLOYMENT_ID.
  "DENO_DEPLOY",
  "DENO_TIMELINE",
  "DENO_DEPLOYMENT_ID",
] as const;

export type EnvName = typeof DOCUMENTED_ENV[number];

/**
 * Values given in place of the environment's while `run` runs, for tests. Not `Deno.env.set`: the process's
 * environment is one for every test module `deno test --parallel` runs at once (each in its own worker), so a
 * value set there for one module's step reaches another module's app starting meanwhile (a pinned APP_ORIGIN
 * refused its writes as cross-site); this module's state is each worker's own.
 */
const overrides = new Map<EnvName, string | undefined>();

/**
 * Reads a documented environment variable. A read the process is not allowed, like an empty value, counts as
 * "not set".
 */
export function envVar(name: EnvName): string | undefined {
  if (!(DOCUMENTED_ENV as readonly string[]).includes(name)) {
    throw new Error(`envVar: ${name} is not a documented variable; add it to DOCUMENTED_ENV and the README`);
  }
  if (overrides.has(name)) return overrides.get(name);
  try {
    return Deno.env.get(name) || undefined;
  } catch {
    return undefined;
  }
}

/** Whether this process runs on Deno Deploy, where KV is shared by every instance of the timeline. */
export function onDenoDeploy(): boolean {
  return Boolean(envVar("DENO_DEPLOY") || envVar("DENO_TIMELINE") || envVar("DENO_DEPLOYMENT_ID"));
}

/**
 * `APP_ORIGIN` (comma-separated): the origins the app is served at, which alone may write with a cookie and which
 * printed links name; null when not set (the request's own origin then). A trailing slash is dropped, as a
 * browser's Origin header never has one.
 */
export function appOrigins(): string[] | null {
  const origins = envVar("APP_ORIGIN")?.split(",").map((o) => o.trim().replace(/\/+$/, "")).filter(Boolean);
  return origins?.length ? origins : null;
}

/** Runs `run` with `name` read as `value` (undefined: as not set) in this module instance only (see above). */
export async function withEnvVar<T>(
  name: EnvName,
  value: string | undefined,
  run: () => T | Promise<T>,
): Promise<T> {
  const had = overrides.has(name);
  const before = overrides.get(name);
  overrides.set(name, value);
  try {
    return await run();
  } finally {
    if (had) overrides.set(name, before);
    else overrides.delete(name);
  }
}

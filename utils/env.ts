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
 * Reads a documented environment variable. A read the process is not allowed, like an empty value, counts as
 * "not set".
 */
export function envVar(name: EnvName): string | undefined {
  if (!(DOCUMENTED_ENV as readonly string[]).includes(name)) {
    throw new Error(`envVar: ${name} is not a documented variable; add it to DOCUMENTED_ENV and the README`);
  }
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

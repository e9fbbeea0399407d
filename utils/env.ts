/**
 * Reads an environment variable. The server runs with `--allow-env` for a listed few names only (deno.json
 * task "serve"); a read it is not allowed, like an empty value, counts as "not set".
 */
export function envVar(name: string): string | undefined {
  try {
    return Deno.env.get(name) || undefined;
  } catch {
    return undefined;
  }
}

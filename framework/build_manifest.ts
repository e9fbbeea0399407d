/** What dev.ts writes to static/_build/manifest.json and the server reads at start-up. */
export interface BuildManifest {
  /** URL of the boot runtime. */
  boot: string;
  /** URL of the app's client init module (loaded before islands hydrate), if any. */
  init?: string;
  /** Island module path (as in routes.gen.ts) → URL of its chunk. */
  islands: Record<string, string>;
  /** Entry URL → URLs of the chunks it imports statically, for `modulepreload`. */
  imports: Record<string, string[]>;
  /** Stylesheet URL. */
  css: string;
  /** Content hash per locale, to make `/static/i18n/{lang}.json?v=` cache-safe. */
  locales: Record<string, string>;
}

export const BUILD_DIR = "static/_build";
export const BUILD_URL = "/static/_build";

export async function readBuildManifest(root = "."): Promise<BuildManifest> {
  const path = `${root}/${BUILD_DIR}/manifest.json`;
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new Error(
        `${path} is missing: run \`deno task build\` (npm start and npm test do this for you).`,
      );
    }
    throw e;
  }
}

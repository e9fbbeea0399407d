/**
 * Static files under /static. Built assets (content-hashed names) are immutable for a year and served
 * gzip-precompressed when the client accepts it; everything else revalidates.
 */
import type { AnyHono } from "../types.ts";
import { serveStatic } from "hono/deno";
import { BUILD_URL } from "../build_manifest.ts";

export function mountStatic(app: AnyHono, root = ".") {
  app.use(
    `${BUILD_URL}/*`,
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(
    "/static/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=3600, must-revalidate");
      },
    }),
  );
}

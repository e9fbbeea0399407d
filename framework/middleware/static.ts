/**
 * Static files under /static. Built assets (content-hashed names) are immutable for a year and served
 * gzip-precompressed when the client accepts it; everything else revalidates.
 */
import { join } from "node:path";
import { serveStatic as honoServeStatic } from "hono/serve-static";
import type { MiddlewareHandler } from "hono";
import type { AnyHono } from "../types.ts";
import { BUILD_URL } from "../build_manifest.ts";

const CHUNK_BYTES = 64 * 1024;

/**
 * A file's bytes as a stream that opens the file on its first read. Hono's lookup opens the plain file before it
 * looks for the precompressed one it then serves, and a HEAD reads nothing: an eagerly opened file stayed open in
 * both cases, one descriptor per request (Deno 2.5's test sanitizer caught it).
 */
function lazyFile(path: string): ReadableStream<Uint8Array> | null {
  try {
    if (!Deno.statSync(path).isFile) return null;
  } catch {
    return null;
  }
  let file: Deno.FsFile | undefined;
  return new ReadableStream({
    async pull(controller) {
      try {
        file ??= await Deno.open(path);
        const chunk = new Uint8Array(CHUNK_BYTES);
        const read = await file.read(chunk);
        if (read === null) {
          file.close();
          controller.close();
        } else controller.enqueue(chunk.subarray(0, read));
      } catch (error) {
        file?.close();
        controller.error(error);
      }
    },
    cancel() {
      file?.close();
    },
    // No read ahead: a stream pulls as soon as it is made unless its queue may stay empty.
  }, { highWaterMark: 0 });
}

type StaticOptions = Omit<Parameters<typeof honoServeStatic>[0], "getContent" | "join" | "isDir">;

const serveStatic = (options: StaticOptions): MiddlewareHandler =>
  honoServeStatic({ ...options, join, getContent: (path: string) => Promise.resolve(lazyFile(path)) });

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

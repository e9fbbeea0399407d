/**
 * Static files under /static. Built assets (content-hashed names) are immutable for a year and served
 * precompressed (brotli, else gzip) when the client accepts it; everything else revalidates, against an ETag and
 * Last-Modified from the file, answering 304 when the held copy is current. A missing file is a 404.
 */
import { join } from "node:path";
import { serveStatic as honoServeStatic } from "hono/serve-static";
import type { MiddlewareHandler } from "hono";
import type { AnyHono } from "../types.ts";
import { BUILD_URL } from "../build_manifest.ts";
import { notModified } from "../conditional.ts";

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

/** The file each request was answered from, for its validators. */
const served = new WeakMap<Request, Deno.FileInfo>();

const serveStatic = (options: StaticOptions & { cacheControl: string }): MiddlewareHandler =>
  honoServeStatic({
    ...options,
    join,
    getContent: (path: string) => Promise.resolve(lazyFile(path)),
    onFound: (path, c) => {
      c.header("cache-control", options.cacheControl);
      served.set(c.req.raw, Deno.statSync(path));
    },
  });

/**
 * ETag and Last-Modified of the file a static answer sends, and the 304 when the client's copy is current.
 * Each encoding is its own representation (RFC 9110 §8.8.3), so its tag names it.
 */
function validated(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const file = served.get(c.req.raw);
    if (!file || c.res.status !== 200) return;
    const encoding = c.res.headers.get("content-encoding");
    const etag = `"${file.size.toString(36)}-${(file.mtime?.getTime() ?? 0).toString(36)}${
      encoding ? `-${encoding}` : ""
    }"`;
    c.res.headers.set("etag", etag);
    if (file.mtime) c.res.headers.set("last-modified", file.mtime.toUTCString());
    if (notModified(c.req.raw.headers, etag, file.mtime ?? undefined)) {
      await c.res.body?.cancel();
      c.res = new Response(null, { status: 304, headers: c.res.headers });
    }
  };
}

export function mountStatic(app: AnyHono, root = ".") {
  app.use("/static/*", validated());
  app.use(
    `${BUILD_URL}/*`,
    serveStatic({ root, precompressed: true, cacheControl: "public, max-age=31536000, immutable" }),
  );
  app.use("/static/*", serveStatic({ root, cacheControl: "public, max-age=3600, must-revalidate" }));
  // Past the files, nothing under /static is a page: a missing file is the app's 404, never the sign-in page.
  app.all("/static/*", (c) => c.notFound());
}

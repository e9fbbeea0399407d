/**
 * Pages and JSON compressed for clients that accept it (gzip; brotli only where it is precomputed: the built
 * assets, framework/middleware/static.ts). A Georgian page is three bytes a letter, and the dictionary the
 * islands load (`/static/i18n/ka.json`) is 79 KB: over a phone's connection the bytes, not the server, were
 * the wait.
 *
 * Measured (Deno 2.9, 2 shared cores; ka.json cut to sizes): gzip at level 1 costs about 13 µs a kilobyte
 * (30 KB: 0.2 ms → 10.6 KB; 117 KB: 1.5 ms → 39 KB), level 6 three times as much for a third fewer bytes, and
 * `CompressionStream` as much as level 6 plus 150 µs a response. On loopback sending the bytes costs less than
 * any of them, so compression never pays there: it is done only for clients that ask (browsers do; the
 * benchmark's load generator does not), at the cheapest level, and not below a kilobyte, where one packet
 * carries the answer either way. Done once a body is whole: pages and JSON are rendered to one string.
 */
import { gzipSync } from "node:zlib";
import { varyOn } from "./vary.ts";

/** Below this many bytes of text an answer leaves uncompressed (measured: see above). */
export const COMPRESS_MIN_BYTES = 1024;
const LEVEL = 1;
const ENCODING = ["Accept-Encoding"];
const COMPRESSIBLE = /^(?:text\/html|application\/json|application\/problem\+json)(?:;|$)/;

/** Whether the request's Accept-Encoding allows gzip (a `q=0` refuses it). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding, ...params] = part.trim().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * The answer (of Content-Type `type`) as it should leave for a client sending `acceptEncoding`: gzipped when it
 * is HTML or JSON of at least COMPRESS_MIN_BYTES and the client takes gzip; null (at once, without a promise:
 * this runs for every request) to send `res` as it is. Every HTML or JSON answer a cache may keep (`stored`:
 * not no-store) gets `Vary: Accept-Encoding`, whichever way it goes. Called by the platform middleware on its way
 * out (one middleware for every request rather than one more layer: see platform.ts).
 */
export function compressed(
  res: Response,
  type: string | null,
  acceptEncoding: string | null,
  stored: boolean,
): Promise<Response> | null {
  // Never `res.body` here: asking for it turns a string body into a stream, and Deno then sends every answer
  // through its stream path instead of writing the string (measured: 7% of a page's CPU).
  if (!type || !COMPRESSIBLE.test(type) || res.status === 204 || res.status === 304) return null;
  // Whatever the answer, its encoding depends on this header: a shared cache must keep them apart.
  if (stored) varyOn(res.headers, ENCODING);
  if (!acceptsGzip(acceptEncoding) || res.headers.has("content-encoding")) return null;
  return gzipped(res);
}

async function gzipped(res: Response): Promise<Response> {
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < COMPRESS_MIN_BYTES) return new Response(body, res);
  const headers = new Headers(res.headers);
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  // The compressed bytes are another representation of the same content: a weak tag (W/) still validates a
  // copy held in either encoding (conditional.ts compares weakly), as servers that compress on the fly do.
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  return new Response(gzipSync(body, { level: LEVEL }), { status: res.status, headers });
}

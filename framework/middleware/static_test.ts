/** Static files: precompressed variants and HEAD requests leave no file open behind them. */
import { Hono } from "hono";
import { assertEquals } from "../../tests/assert.ts";
import { BUILD_URL } from "../build_manifest.ts";
import { mountStatic } from "./static.ts";

/**
 * Descriptors this process holds on files under `root` (Linux), to see a file left open by a response. Only
 * this test's own files count: the parallel test run shares the process with other suites' descriptors.
 */
const openDescriptors = (root: string) =>
  [...Deno.readDirSync("/proc/self/fd")].filter((entry) => {
    try {
      return Deno.readLinkSync(`/proc/self/fd/${entry.name}`).startsWith(root);
    } catch {
      return false; // closed between the listing and the look
    }
  }).length;

Deno.test("static files", async (t) => {
  const root = await Deno.makeTempDir();
  const built = `${root}${BUILD_URL}`;
  await Deno.mkdir(built, { recursive: true });
  const script = "console.log('a built asset');\n".repeat(200);
  await Deno.writeTextFile(`${built}/boot-abc.js`, script);
  const gzipped = new Response(new Blob([script]).stream().pipeThrough(new CompressionStream("gzip")));
  await Deno.writeFile(`${built}/boot-abc.js.gz`, new Uint8Array(await gzipped.arrayBuffer()));
  const app = new Hono();
  mountStatic(app, root);
  try {
    await t.step(
      "the gzip variant is served to a client that accepts it, the plain file to others",
      async () => {
        const zipped = await app.request(`${BUILD_URL}/boot-abc.js`, {
          headers: { "accept-encoding": "gzip" },
        });
        assertEquals(zipped.headers.get("content-encoding"), "gzip");
        const unzipped = zipped.body!.pipeThrough(new DecompressionStream("gzip"));
        assertEquals(await new Response(unzipped).text(), script);
        const plain = await app.request(`${BUILD_URL}/boot-abc.js`);
        assertEquals(plain.headers.get("content-encoding"), null);
        assertEquals(await plain.text(), script);
      },
    );

    await t.step("a hundred compressed GETs and HEADs leave no file open", async () => {
      const before = openDescriptors(root);
      for (let i = 0; i < 50; i++) {
        const get = await app.request(`${BUILD_URL}/boot-abc.js`, { headers: { "accept-encoding": "gzip" } });
        await get.arrayBuffer();
        const head = await app.request(`${BUILD_URL}/boot-abc.js`, { method: "HEAD" });
        assertEquals(head.status, 200);
        await head.body?.cancel();
      }
      const leaked = openDescriptors(root) - before;
      assertEquals(leaked, 0, `${leaked} files left open by 100 requests`);
    });

    await t.step("a folder or a missing file is not found", async () => {
      assertEquals((await app.request(BUILD_URL)).status, 404);
      assertEquals((await app.request(`${BUILD_URL}/nothing.js`)).status, 404);
    });
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

/**
 * KV reads a page makes per request, one request at a time and with many in flight (services/db/coalesced_reads.ts
 * shares keys between the requests whose reads wait for the same turn to the SQLite thread). Counts the
 * `getMany` calls that reach Deno KV and their keys, on a KV file seeded with the large demo university:
 *
 *   KV_PATH=./data/large.kv deno task seed --size large
 *   KV_PATH=./data/large.kv deno run --allow-read --allow-write=./data --allow-env --allow-sys \
 *     bench/kv_reads_per_request.ts /registration student@uni.test
 *
 * Prints, for 1 and 20 requests in flight, the `getMany` calls and keys a request and the requests a second.
 */
const counted = { calls: 0, keys: 0 };
const kvGetMany = Deno.Kv.prototype.getMany;
// Counted beneath the app's coalescing: what actually goes to KV.
Deno.Kv.prototype.getMany = function (
  this: Deno.Kv,
  keys: Deno.KvKey[],
  options?: { consistency?: Deno.KvConsistencyLevel },
) {
  counted.calls++;
  counted.keys += keys.length;
  return kvGetMany.call(this, keys, options);
} as Deno.Kv["getMany"];

const { createApp } = await import("../main.ts");
const { pinClock } = await import("../services/academic/clock.ts");
const { REFERENCE_NOW } = await import("../services/seed/university_sizes.ts");
const { sessionToken } = await import("./in_process_app.ts");

const [path = "/registration", email = "student@uni.test"] = Deno.args;
const kvPath = Deno.env.get("KV_PATH");
if (!kvPath) throw new Error("set KV_PATH to a KV seeded with `deno task seed --size large`");
pinClock(REFERENCE_NOW);
const app = await createApp({ kvPath });
// Eight sessions of the person, as `deno task bench` uses.
const tokens = await Promise.all(Array.from({ length: 8 }, () => sessionToken(email)));
const get = async (i: number) => {
  const response = await app.request(path, { headers: { cookie: `session=${tokens[i % tokens.length]}` } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  await response.arrayBuffer();
};

for (const inFlight of [1, 20]) {
  for (let i = 0; i < 50; i++) await get(i);
  counted.calls = counted.keys = 0;
  const perConnection = 100;
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async (_, c) => {
    for (let i = 0; i < perConnection; i++) await get(c + i);
  }));
  const seconds = (performance.now() - started) / 1000;
  const requests = inFlight * perConnection;
  console.log(
    `${path}, ${inFlight} in flight: ${(counted.calls / requests).toFixed(2)} getMany and ` +
      `${(counted.keys / requests).toFixed(1)} keys a request; ${(requests / seconds).toFixed(0)} requests/s`,
  );
}
Deno.exit(0);

/**
 * Test helper process: 20 writers commit records with their index in one atomic each, into the KV file named by
 * the first argument, until the file named by the second argument exists. Prints the number of commits.
 */
const [kvPath, stopFile] = Deno.args;
const kv = await Deno.openKv(kvPath);
let commits = 0;
let stop = false;
const watchStop = (async () => {
  while (!stop) {
    try {
      await Deno.stat(stopFile);
      stop = true;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
})();
await Promise.all(Array.from({ length: 20 }, async (_, writer) => {
  for (let n = 0; !stop; n++) {
    const id = `${writer}-${n}`;
    const code = `code-${id}`;
    await kv.atomic()
      .check({ key: ["things_by_code", code], versionstamp: null })
      .set(["things", id], { id, code, padding: "x".repeat(200) })
      .set(["things_by_code", code], id)
      .commit();
    commits++;
  }
}));
await watchStop;
kv.close();
console.log(commits);

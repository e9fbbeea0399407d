/**
 * `deno task test:min-deno`: every test that needs no browser, run again on the minimum Deno version the app
 * supports — the one Deno Deploy's runtime reference names (2.5.0), installed from npm as the optional package
 * `deno-min` (Linux x64 only; elsewhere this says so and passes). Browser suites stay on the pinned version:
 * Playwright needs Node APIs that 2.5 lacks.
 */
const MIN_DENO = new URL("../node_modules/deno-min/deno", import.meta.url).pathname;
const SUITES = ["services", "framework", "utils", "components"];

try {
  await Deno.stat(MIN_DENO);
} catch {
  console.log(
    `no Deno 2.5.0 at ${MIN_DENO} (installed on Linux x64 only): the minimum-version run is skipped`,
  );
  Deno.exit(0);
}
const root = new URL("..", import.meta.url).pathname;
const topLevelTests = [...Deno.readDirSync(`${root}tests`)]
  .filter((entry) => entry.isFile && entry.name.endsWith("_test.ts"))
  .map((entry) => `tests/${entry.name}`);
const { code } = await new Deno.Command(MIN_DENO, {
  // The type check is the pinned version's job (deno task check); Deploy runs the code, it does not check it.
  args: [
    "test",
    "--no-check",
    "--allow-all",
    "--parallel",
    "--reporter=dot",
    ...SUITES,
    ...topLevelTests.sort(),
  ],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);

/**
 * What the framework's own client costs a page: the boot runtime (framework/client/boot.ts) with Preact,
 * bundled alone as the build bundles it (minified ESM, code splitting), gzip level 9 like the build's `.gz`
 * files. The app's build puts the shell's islands into the boot module, so the built file would measure the
 * app, not the framework; this builds the runtime by itself. What it loads with `import()` (client
 * navigation, when the browser is idle) is not counted.
 */
import * as esbuild from "esbuild";
import { gzipSync } from "node:zlib";
import type { JsBytes, ModuleSize } from "./js_bytes.ts";
import { ROOT } from "./server.ts";
import { CLIENT_BUNDLE } from "../framework/build.ts";

export async function frameworkRuntimeBytes(root = ROOT): Promise<JsBytes> {
  const result = await esbuild.build({
    ...CLIENT_BUNDLE,
    entryPoints: { boot: `${root}/framework/client/boot.ts` },
    outdir: "/bench-out",
    write: false,
    absWorkingDir: root,
  });
  await esbuild.stop();
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint?.endsWith("boot.ts"))!;
  const paths = [entry];
  for (let i = 0; i < paths.length; i++) {
    for (const dep of outputs[paths[i]].imports) {
      if (dep.kind === "import-statement" && !paths.includes(dep.path)) paths.push(dep.path);
    }
  }
  const modules: ModuleSize[] = paths.map((path) => {
    const name = path.split("/").pop()!;
    const bytes = result.outputFiles.find((f) => f.path.endsWith(`/${name}`))!.contents;
    return { url: name, raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
  });
  return {
    modules,
    raw: modules.reduce((sum, m) => sum + m.raw, 0),
    gzip: modules.reduce((sum, m) => sum + m.gzip, 0),
    external: [],
    unlisted: [],
  };
}

if (import.meta.main) console.log(await frameworkRuntimeBytes());

/**
 * The chat widget across a server restart on the same port and KV: it shows "connecting", queues what is
 * typed meanwhile, resumes with its last seq per room, and no message is lost or shown twice.
 */
import { assertEquals } from "../assert.ts";
import { DENO, ROOT, serveFlags } from "../serve_flags.ts";
import {
  messagesIn,
  openList,
  person,
  ROOM,
  send,
  startChat,
  waitForText,
  windowOf,
} from "./chat_helpers.ts";
import { DEMO, launchBrowser } from "./harness.ts";
import { freePort } from "../serve_flags.ts";

/**
 * The production server on a given port and KV folder (the harness picks a new port each time, and a page
 * can only reconnect to its own origin). Resolves once it answers its health check.
 */
async function startOnPort(port: number, kvDir: string) {
  await Deno.mkdir(`${ROOT}/data/${kvDir}`, { recursive: true });
  const child = new Deno.Command(DENO, {
    args: ["run", ...await serveFlags(), "main.ts"],
    cwd: ROOT,
    env: { PORT: String(port), HOST: "127.0.0.1", KV_PATH: `./data/${kvDir}/app.kv`, SEED: "demo" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const collecting = Promise.all([child.stdout, child.stderr].map(async (stream) => {
    for await (const chunk of stream) log += decoder.decode(chunk);
  }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0;; i++) {
    const up = await fetch(`${url}/api/system/health`).then((r) => (r.body?.cancel(), r.ok)).catch(() =>
      false
    );
    if (up) break;
    if (i > 300) throw new Error(`no server on ${port}:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => log,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await collecting;
    },
  };
}

Deno.test({
  name: "chat widget across a server restart: connecting, then resumed without losing or doubling a message",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    // Same port (the pages' origin) and same KV folder for both processes; the folder is removed here.
    const port = freePort();
    const kvDir = `test-chat-restart-${crypto.randomUUID().slice(0, 8)}`;
    let server = await startOnPort(port, kvDir);
    const browser = await launchBrowser();
    try {
      const base = server.url;
      const staff = await person(await browser.newContext(), base, DEMO.staff);
      const student = await person(await browser.newContext(), base, DEMO.student);
      const chatId = await startChat(staff.page, ["student@uni.test"]);
      await openList(student.page);
      await student.page.click(`${ROOM}[data-room-id="${chatId}"]`);
      await windowOf(student.page, chatId).locator("[data-testid=chat-input]").waitFor();

      await t.step(
        "the server stops: the widget says it is connecting; a message typed now waits",
        async () => {
          await server.stop();
          await windowOf(staff.page, chatId).locator("[data-testid=chat-connecting]").waitFor({
            timeout: 10_000,
          });
          await send(staff.page, chatId, "written while the server was down");
        },
      );

      await t.step("the server is back: both resume and the message arrives exactly once", async () => {
        server = await startOnPort(port, kvDir);
        for (const page of [staff.page, student.page]) {
          await page.waitForSelector("[data-testid=chat-root][data-status=online]", {
            state: "attached",
            timeout: 30_000,
          });
        }
        await waitForText(student.page, chatId, "written while the server was down");
        await send(staff.page, chatId, "after the restart");
        await waitForText(student.page, chatId, "after the restart");
        for (const page of [staff.page, student.page]) {
          const texts = await messagesIn(page, chatId).allTextContents();
          assertEquals(texts.filter((x) => x.includes("written while the server was down")).length, 1);
          assertEquals(texts.filter((x) => x.includes("after the restart")).length, 1);
        }
        assertEquals(staff.problems, []);
        assertEquals(student.problems, []);
      });
    } catch (e) {
      console.error(server.output());
      throw e;
    } finally {
      await browser.close();
      await server.stop();
      await Deno.remove(`${ROOT}/data/${kvDir}`, { recursive: true }).catch(() => {});
    }
  },
});

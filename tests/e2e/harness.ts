/**
 * Browser-test harness: a real server (the production flags, a fresh KV under ./data/test-* with the demo
 * university) on a free port, and Debian's Chromium driven by playwright-core with the flags this closed
 * network needs.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { DENO, freePort, ROOT, serveFlags } from "../serve_flags.ts";
import { REFERENCE_NOW } from "../../services/seed/university_sizes.ts";

export interface TestServer {
  url: string;
  /** The KV folder's name under ./data (pass it as `kvDir` to start another process on the same store). */
  kvDir: string;
  stop(): Promise<void>;
  /** Sends SIGTERM and waits: the exit code and how long the process took to exit (the KV stays). */
  terminate(): Promise<{ code: number; ms: number }>;
  /** Ends the process at once (kill -9), as a crash would; the KV stays for a restart on the same kvDir. */
  crash(): Promise<void>;
  output(): string;
}

const CHROMIUM = "/usr/bin/chromium";

/**
 * `opts.kvDir`: share another server's KV folder (name under ./data, e.g. from `kvDirOf`), for tests of
 * several processes on one store; the folder is then left for its owner to remove.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { kvDir?: string } = {},
): Promise<TestServer> {
  const owned = !opts.kvDir;
  const dir = `${ROOT}/data/${opts.kvDir ?? `test-${crypto.randomUUID().slice(0, 8)}`}`;
  await Deno.mkdir(dir, { recursive: true });
  const port = freePort();
  const child = new Deno.Command(DENO, {
    args: ["run", ...await serveFlags(), "main.ts"],
    cwd: ROOT,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      KV_PATH: `./data/${dir.split("/").pop()}/app.kv`,
      // The demo university (its accounts are DEMO below), which a server loads only when asked.
      SEED: "demo",
      // The demo university's "today", so that "this week" and "the running semester" hold on any day.
      APP_NOW: REFERENCE_NOW,
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += decoder.decode(chunk);
  };
  const collecting = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  let exited = false;
  child.status.then(() => (exited = true));
  while (true) {
    if (exited) {
      await collecting;
      throw new Error(`the test server exited while starting:\n${log}`);
    }
    try {
      const response = await fetch(`${url}/api/system/health`);
      await response.body?.cancel();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the test server did not start within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  async function terminate() {
    const started = performance.now();
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
    const { code } = await child.status;
    await collecting;
    return { code, ms: performance.now() - started };
  }
  return {
    url,
    kvDir: dir.split("/").pop()!,
    output: () => log,
    async crash() {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
      await child.status;
      await collecting;
    },
    terminate,
    async stop() {
      await terminate();
      if (owned) await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  try {
    await Deno.stat(CHROMIUM);
  } catch {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); .ci/run does this.`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  // Pages follow Accept-Language when no language was chosen (http/language.ts), and Chromium asks for English:
  // the browser of these tests asks for Georgian, the demo university's language, unless a test says otherwise.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({ ...options, extraHTTPHeaders: { "accept-language": "ka", ...options.extraHTTPHeaders } });
  return browser;
}

/** Runs `fn` with a server and a browser, always cleaning both up. */
export async function withBrowser(
  fn: (ctx: { server: TestServer; browser: Browser }) => Promise<void>,
  env?: Record<string, string>,
) {
  const server = await startServer(env);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    await fn({ server, browser });
  } catch (e) {
    console.error(server.output());
    throw e;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** The demo accounts of the demo university, which the test servers load (README, services/seed/accounts.ts). */
export const DEMO = {
  admin: { email: "admin@uni.test", password: "Admin-Demo-2026" },
  staff: { email: "staff@uni.test", password: "Staff-Demo-2026" },
  limited: { email: "limited@uni.test", password: "Limited-Demo-2026" },
  prof: { email: "prof@uni.test", password: "Prof-Demo-2026" },
  student: { email: "student@uni.test", password: "Student-Demo-2026" },
} as const;

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs in through the login form and waits until the browser has left /login and the shell has hydrated.
 * Opens `/login` first unless the page is already on it (e.g. after a redirect that carries `next`).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: Credentials,
  opts: { statementDialog?: boolean } = {},
): Promise<void> {
  // The professor statement dialog (modal, once per session for the demo professor) would cover what other
  // tests click; only its own test lets it open (components/shell/shell_live.ts reads this flag).
  if (!opts.statementDialog) {
    await page.addInitScript(() => {
      try {
        sessionStorage.setItem("professorStatementShown", "1");
      } catch { /* a page without storage (about:blank) */ }
    });
  }
  if (new URL(page.url(), baseUrl).pathname !== "/login" || !page.url().startsWith(baseUrl)) {
    await page.goto(`${baseUrl}/login`);
  }
  await page.fill("#login-email", account.email);
  await page.fill("#login-password", account.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/login"),
    page.click("form[method=post] button[type=submit]"),
  ]);
  await page.waitForSelector("html[data-hydrated=true]");
}

/**
 * Resolves once a request the page makes now has been seen: requests reach the test in the order the page
 * makes them, so any request the page made before this one has been counted by then.
 */
export async function requestedAfterwards(page: Page): Promise<void> {
  const probe = `/api/system/health?probe=${crypto.randomUUID()}`;
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith(probe)),
    page.evaluate((url) => fetch(url).then((r) => r.body?.cancel()), probe),
  ]);
}

/**
 * Resolves once the page is hydrated and no client navigation is under way: its islands (and their effects)
 * answer what the test does next.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.documentElement.dataset.hydrated === "true" && !document.documentElement.dataset.navigating
  );
}

/** Resolves after the page has rendered a frame: a state change made before it is on screen. */
export function nextFrame(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

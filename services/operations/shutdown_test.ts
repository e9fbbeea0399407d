/**
 * SIGTERM under chat load, against the production server process: it exits 0 within 15 s, its sockets close
 * with 1001, no acknowledged message is lost, and every client resumes on the restarted server without a gap.
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { chatClient, type ChatTestClient } from "../../tests/chat_client.ts";
import { ROOT } from "../../tests/serve_flags.ts";
import { type Credentials, DEMO, startServer, type TestServer } from "../../tests/e2e/harness.ts";
import { db, openDb } from "../db/kv.ts";
import { drain, isDraining } from "./shutdown.ts";

/** User ids of the demo accounts (services/seed/accounts.ts creates them in this order). */
const ADMIN = 1, PROF = 4, STUDENT = 5;

Deno.test("a drain lets the request in flight finish, refuses new ones and closes the KV", async (t) => {
  await openDb(":memory:");
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    await answered;
    await db().get(["meta", "schema_version"]); // the KV is still open for it
    return new Response("done");
  });
  const url = `http://127.0.0.1:${server.addr.port}/`;
  const inFlight = fetch(url).then((r) => r.text());
  await new Promise((r) => setTimeout(r, 100));
  const draining = drain(server, "TEST", undefined, 5_000);

  await t.step("readiness fails and new connections are refused at once", async () => {
    assertEquals(isDraining(), true);
    const late = await fetch(url).then((r) => (r.body?.cancel(), "answered"), () => "refused");
    assertEquals(late, "refused");
  });

  await t.step("the request in flight gets its answer, then the KV closes", async () => {
    release();
    assertEquals(await inFlight, "done");
    await draining;
    let open = true;
    try {
      db();
    } catch {
      open = false;
    }
    assertEquals(open, false);
  });
});

async function login(url: string, account: Credentials): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  assertEquals(response.status, 200);
  return (await response.json()).token;
}

const wsOf = (url: string) => `${url.replace("http", "ws")}/ws/chat`;

/** The seqs of the room's messages a client has been sent, in arrival order. */
const seqsSeen = (client: ChatTestClient, chatId: number) =>
  client.frames.filter((f) => f.event === "messageReceived" && f.data.chatId === chatId).map((f) =>
    f.data.seq as number
  );

Deno.test({
  name: "graceful shutdown under chat load",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const kvDir = `test-shutdown-${crypto.randomUUID().slice(0, 8)}`;
    await Deno.mkdir(`${ROOT}/data/${kvDir}`, { recursive: true });
    let first: TestServer | null = await startServer({}, { kvDir });
    let second: TestServer | null = null;
    try {
      const accounts = [DEMO.staff, DEMO.prof, DEMO.student, DEMO.admin];
      const tokens = await Promise.all(accounts.map((a) => login(first!.url, a)));
      // Two sockets per person, as with two open tabs.
      const clients = await Promise.all(
        [...tokens, ...tokens].map((token) => chatClient(wsOf(first!.url), { token })),
      );
      const created = await clients[0].call("createChat", {
        members: [{ id: PROF, type: "prof" }, { id: STUDENT, type: "student" }, { id: ADMIN, type: "user" }],
        title: "shutdown drill",
        clientId: crypto.randomUUID(),
      });
      assert(created.ok);
      const chatId = created.result.chatId;
      const acknowledged = new Map<number, string>();
      let stopping = false;
      const loops = clients.map(async (client, n) => {
        for (let i = 0; !stopping || client.socket.readyState === WebSocket.OPEN; i++) {
          if (client.socket.readyState !== WebSocket.OPEN) return;
          const text = `drill ${n}:${i}`;
          const answer = await client.call("sendMessage", { chatId, text, clientId: `d${n}-${i}` })
            .catch(() => null);
          if (!answer) return;
          if (answer.ok) acknowledged.set(answer.result.seq, text);
        }
      });

      await t.step(
        "SIGTERM under load: sockets close with 1001 and the process exits 0 within 15 s",
        async () => {
          while (acknowledged.size < 150) await new Promise((r) => setTimeout(r, 5));
          stopping = true;
          const exit = await first!.terminate();
          await Promise.all(loops);
          const codes = await Promise.all(clients.map((c) => c.closed.then((e) => e.code)));
          assertEquals(exit.code, 0, first!.output());
          assert(exit.ms < 15_000, `exited after ${exit.ms} ms`);
          assertEquals(codes, clients.map(() => 1001), first!.output().split("\n").slice(-5).join("\n"));
          assert(first!.output().includes('"event":"shutdown_finished"'), first!.output());
          first = null;
        },
      );

      await t.step(
        "on the restarted server every client resumes and no acknowledged message is lost",
        async () => {
          second = await startServer({}, { kvDir });
          const resumed = await Promise.all(clients.map(async (old, n) => {
            const before = seqsSeen(old, chatId);
            const client = await chatClient(wsOf(second!.url), { token: tokens[n % tokens.length] });
            const last = Math.max(0, ...before);
            const answer = await client.call("resume", { rooms: { [chatId]: last } });
            assert(answer.ok, JSON.stringify(answer));
            // Only this room is named in the resume: the person's other rooms are reset (sent whole).
            assertEquals(answer.result.reset.includes(chatId), false);
            // The replay arrives before the callback: everything after `last`, in order.
            const after = seqsSeen(client, chatId);
            return { client, seqs: [...before, ...after] };
          }));
          const admin = await login(second.url, DEMO.admin);
          const exported = await fetch(`${second.url}/api/chat/event-log/${chatId}/export`, {
            headers: { authorization: `Bearer ${admin}` },
          });
          const { events } = await exported.json() as { events: { seq: number; text?: string }[] };
          for (const [seq, text] of acknowledged) {
            assertEquals(events[seq - 1]?.text, text, `acknowledged ${seq}`);
          }
          const messages = events.filter((e) => e.text !== undefined).map((e) => e.seq);
          for (const { seqs } of resumed) {
            assertEquals([...new Set(seqs)].length, seqs.length, "nothing delivered twice");
            assertEquals(seqs, messages, "every message, in order");
          }
          await Promise.all(resumed.map((r) => r.client.close()));
          const exit = await second.terminate();
          assertEquals(exit.code, 0);
          second = null;
        },
      );
    } finally {
      await (first as TestServer | null)?.terminate();
      await (second as TestServer | null)?.terminate();
      await Deno.remove(`${ROOT}/data/${kvDir}`, { recursive: true }).catch(() => {});
    }
  },
});

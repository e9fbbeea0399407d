/**
 * The chat across real server processes on one KV file (services/chat/relay.ts): two processes deliver each
 * other's messages within 1 s; and a crash (kill -9) during appends loses no acknowledged message and leaves
 * no gap in the sequence after a restart.
 */
import { assert, assertEquals } from "../assert.ts";
import { chatClient, type ChatTestClient } from "../chat_client.ts";
import { type Credentials, DEMO, startServer, type TestServer } from "./harness.ts";

/** User ids of the demo accounts (services/seed/accounts.ts creates them in this order). */
const STAFF = 2, PROF = 4, STUDENT = 5;

async function login(server: TestServer, account: Credentials): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  assertEquals(response.status, 200);
  return (await response.json()).token;
}

async function connect(server: TestServer, account: Credentials): Promise<ChatTestClient> {
  const client = await chatClient(`${server.url.replace("http", "ws")}/ws/chat`, {
    token: await login(server, account),
  });
  await client.call("getRooms", {});
  await client.next("setRooms");
  return client;
}

/** The storm below sends far more than a person may a minute: an administrator raises the chat's limits. */
async function raiseChatLimits(server: TestServer) {
  const auth = { authorization: `Bearer ${await login(server, DEMO.admin)}`, origin: server.url };
  const params = await (await fetch(`${server.url}/api/auth_params`, { headers: auth })).json();
  const saved = await fetch(`${server.url}/api/auth_params`, {
    method: "PUT",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ ...params, chat: { ...params.chat, messagesPerMinute: 10_000 } }),
  });
  assertEquals(saved.status, 200, await saved.text());
}

async function directRoom(client: ChatTestClient, otherId: number) {
  const answer = await client.call("createChat", {
    members: [{ id: otherId, type: "prof" }],
    clientId: crypto.randomUUID(),
  });
  assert(answer.ok);
  await client.next("openChat");
  return answer.result.chatId;
}

Deno.test({
  name: "chat across processes",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const first = await startServer();
    let second: TestServer | null = null;
    try {
      await t.step("two processes on one KV deliver each other's messages within 1 s", async () => {
        second = await startServer({}, { kvDir: first.kvDir });
        const staff = await connect(first, DEMO.staff);
        const prof = await connect(second, DEMO.prof);
        const chatId = await directRoom(staff, PROF);
        const latencies: number[] = [];
        for (let i = 0; i < 10; i++) {
          const [sender, receiver] = i % 2 === 0 ? [staff, prof] : [prof, staff];
          const started = performance.now();
          const sent = await sender.call("sendMessage", {
            chatId,
            text: `across ${i}`,
            clientId: `x${i}-${Date.now()}`,
          });
          assert(sent.ok);
          const got = await receiver.next("messageReceived", 1000);
          latencies.push(performance.now() - started);
          assertEquals([got.message.text, got.seq], [`across ${i}`, sent.result.seq]);
          await sender.next("messageReceived", 1000);
        }
        assert(Math.max(...latencies) < 1000, `slowest delivery ${Math.max(...latencies)} ms`);
        // A room made on one process reaches its member's socket on the other.
        const group = await prof.call("createChat", {
          members: [{ id: STAFF, type: "user" }, { id: STUDENT, type: "student" }],
          title: "across processes",
          clientId: crypto.randomUUID(),
        });
        assert(group.ok);
        const joined = await staff.next("updateChatRoom", 1000);
        assertEquals([joined.chatId, joined.seq, joined.room?.title], [
          group.result.chatId,
          1,
          "across processes",
        ]);
        await Promise.all([staff.close(), prof.close()]);
      });

      await t.step(
        "kill -9 during appends: every acknowledged message survives, the seq has no gap",
        async () => {
          await raiseChatLimits(first);
          const senders = await Promise.all(
            [DEMO.staff, DEMO.staff, DEMO.prof, DEMO.prof].map((a) => connect(first, a)),
          );
          const chatId = await directRoom(senders[0], PROF);
          const acknowledged = new Map<number, string>();
          let crashed = false;
          const loops = senders.map(async (client, n) => {
            for (let i = 0; !crashed; i++) {
              const text = `crash ${n}:${i}`;
              const answer = await client.call("sendMessage", { chatId, text, clientId: `c${n}-${i}` }).catch(
                () => null,
              );
              if (!answer?.ok) return;
              acknowledged.set(answer.result.seq, text);
            }
          });
          while (acknowledged.size < 300) await new Promise((r) => setTimeout(r, 5));
          crashed = true;
          await first.crash();
          await Promise.all(loops);
          await Promise.all(senders.map((s) => s.close().catch(() => {})));
          await (second as TestServer | null)?.crash();
          second = await startServer({}, { kvDir: first.kvDir });
          const admin = await login(second, DEMO.admin);
          const log = await fetch(`${second.url}/api/chat/event-log/${chatId}/export`, {
            headers: { authorization: `Bearer ${admin}` },
          });
          const { events } = await log.json() as { events: { seq: number; type: string; text?: string }[] };
          assertEquals(
            events.map((e) => e.seq),
            Array.from({ length: events.length }, (_, i) => i + 1),
            "gapless",
          );
          for (const [seq, text] of acknowledged) {
            assertEquals(events[seq - 1]?.text, text, `acknowledged seq ${seq}`);
          }
          // The restarted process appends right after the last stored event.
          const again = await connect(second, DEMO.staff);
          const next = await again.call("sendMessage", {
            chatId,
            text: "after restart",
            clientId: "after-restart",
          });
          assert(next.ok);
          assertEquals(next.result.seq, events.length + 1);
          await again.close();
        },
      );
    } finally {
      await (second as TestServer | null)?.stop();
      await first.stop();
    }
  },
});

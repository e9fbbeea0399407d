/** The user channel over a real socket (in-process server on a :memory: KV). */
import { assertEquals } from "../../tests/assert.ts";
import { seededApp, tokenFor } from "../../tests/helpers.ts";
import { waitUntil } from "../../tests/wait_until.ts";
import { DEMO_ACCOUNTS } from "../seed/accounts.ts";
import { createNotification } from "./mod.ts";
import { revokeSession } from "../identity/sessions.ts";
import { findUserByEmail } from "../identity/users.ts";
import { openSocketCount } from "./user_channel.ts";
import { closeDb } from "../db/kv.ts";
import { type FrameChecker, frameChecker } from "../../tests/asyncapi_frames.ts";

interface Frame {
  event: string;
  data: Record<string, unknown>;
  id?: unknown;
}

/** A test socket whose frames, both ways, are checked against the published AsyncAPI document. */
function connect(url: string) {
  let checker: FrameChecker | null = null;
  const loaded = frameChecker(url).then((loaded) => (checker = loaded));
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  const waiters: ((f: Frame) => void)[] = [];
  socket.onmessage = (m) => {
    const frame = JSON.parse(String(m.data)) as Frame;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  };
  const closed = new Promise<CloseEvent>((resolve) => (socket.onclose = resolve));
  const opened = Promise.all([new Promise((resolve) => (socket.onopen = resolve)), loaded]);
  const checked = (frame: Frame) => {
    const problem = checker?.problem("server", frame);
    if (problem) throw new Error(`a frame the AsyncAPI document does not allow: ${problem}`);
    return frame;
  };
  const next = (ms = 2000) =>
    new Promise<Frame>((resolve, reject) => {
      const queued = frames.shift();
      if (queued) return resolve(checked(queued));
      const timer = setTimeout(() => reject(new Error("no frame within " + ms)), ms);
      waiters.push((f) => {
        clearTimeout(timer);
        try {
          resolve(checked(f));
        } catch (error) {
          reject(error);
        }
      });
    });
  const send = (event: string, data: unknown = {}, id?: number) => {
    const frame = { event, data, id };
    const problem = checker?.problem("client", JSON.parse(JSON.stringify(frame)));
    if (problem) throw new Error(`a frame the AsyncAPI document does not allow: ${problem}`);
    socket.send(JSON.stringify(frame));
  };
  return { socket, opened, closed, next, send };
}

Deno.test("user channel: auth, subscribe, push, logout, revocation", async (t) => {
  const app = await seededApp();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const url = `ws://127.0.0.1:${server.addr.port}/ws/user`;
  const staff = (await findUserByEmail(DEMO_ACCOUNTS.staff.email))!;
  try {
    await t.step(
      "a token in `auth` answers AuthSuccess; after subscribe a new notification is pushed",
      async () => {
        const token = await tokenFor("staff");
        const client = connect(url);
        await client.opened;
        client.send("auth", { token }, 1);
        assertEquals(await client.next(), { event: "AuthSuccess", data: { userId: staff.id }, id: 1 });
        client.send("subscribe", {}, 2);
        assertEquals((await client.next()).event, "subscribed");
        await createNotification(staff.id, { title: "t", body: "", kind: "system" });
        assertEquals(await client.next(), { event: "event", data: { action: "checkUserNotification" } });
        await createNotification(staff.id + 1, { title: "someone else", body: "", kind: "system" });
        const none = await client.next(800).catch(() => null);
        assertEquals(none, null, "another user's notification must not reach this socket");
        client.send("logout");
        assertEquals((await client.closed).code, 1000);
      },
    );

    await t.step("a bad token is refused and the socket is closed when unauthenticated", async () => {
      const client = connect(url);
      await client.opened;
      client.send("auth", { token: "nonsense" });
      assertEquals((await client.next()).event, "AuthError");
      client.send("subscribe");
      assertEquals((await client.next()).event, "AuthError");
      const started = Date.now();
      assertEquals((await client.closed).code, 4000);
      assertEquals(Date.now() - started < 5_500, true);
    });

    await t.step("a large or binary frame closes the socket (1009), before sign-in too", async () => {
      for (const frame of ["x".repeat(60_000), new Uint8Array(16)]) {
        const client = connect(url);
        await client.opened;
        client.socket.send(frame);
        assertEquals((await client.closed).code, 1009);
      }
    });

    await t.step("a socket that keeps sending bad frames is closed (4002), as the chat's is", async () => {
      const client = connect(url);
      await client.opened;
      for (let i = 0; i <= 20; i++) {
        client.socket.send(i % 2 ? "{not json" : JSON.stringify({ event: "nope" }));
        assertEquals((await client.next()).event, "error");
      }
      assertEquals((await client.closed).code, 4002);
    });

    await t.step("revoking the session closes its socket", async () => {
      const token = await tokenFor("staff");
      const client = connect(url);
      await client.opened;
      client.send("auth", { token });
      const { userId } = (await client.next()).data;
      assertEquals(userId, staff.id);
      const sid = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid;
      await revokeSession(sid);
      assertEquals((await client.closed).code, 4001);
    });

    await t.step(
      "disabling a person on the permissions screen cuts their open socket and next API call",
      async () => {
        const token = await tokenFor("limited");
        const client = connect(url);
        await client.opened;
        client.send("auth", { token });
        assertEquals((await client.next()).event, "AuthSuccess");
        const admin = { authorization: `Bearer ${await tokenFor("admin")}` };
        const origin = { origin: "http://localhost" };
        const list = await (await app.request("/api/users?text=limited", { headers: admin })).json();
        const row = list.data.find((u: { email: string }) => u.email === DEMO_ACCOUNTS.limited.email);
        const disable = await app.request(`/api/users/${row.id}?versionstamp=${row.versionstamp}`, {
          method: "DELETE",
          headers: { ...admin, ...origin, "content-type": "application/json" },
        });
        assertEquals(disable.status, 200);
        await disable.body?.cancel();
        assertEquals((await client.closed).code, 4001);
        const next = await app.request("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
        assertEquals(next.status, 401);
        await next.body?.cancel();
      },
    );
    // The client saw each socket close; the server's side forgets it when its close event has run.
    await waitUntil(() => openSocketCount() === 0, "the server to forget the closed sockets");
  } finally {
    await server.shutdown();
    await closeDb();
  }
});

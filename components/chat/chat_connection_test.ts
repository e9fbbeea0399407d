import { assertEquals } from "../../tests/assert.ts";
import type { Room } from "../../services/chat/protocol.ts";
import { ChatConnection, RequestError, type SocketLike } from "./chat_connection.ts";
import { ChatStore } from "./chat_store.ts";

class FakeSocket implements SocketLike {
  readyState = 1;
  sent: { event: string; data: Record<string, unknown>; id?: number }[] = [];
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  receive(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  events() {
    return this.sent.map((f) => f.event);
  }
}

const ME = { id: 3, type: "user", name: "Me", icon: null, title: "", email: "me@uni.test" };
const room = (id: number, seq: number) => ({ id, seq, createdAt: "2026-01-01T00:00:00Z" }) as Room;

function setup() {
  const sockets: FakeSocket[] = [];
  const store = new ChatStore();
  const connection = new ChatConnection(store, {
    url: "ws://test/ws/chat",
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
    timeoutMs: 50,
  });
  const connect = (socket: FakeSocket, rooms: Room[]) => {
    socket.receive("welcome", { serverTime: "" });
    socket.receive("auth_success", { user: ME, userSettings: {} });
    socket.receive("setRooms", { rooms });
  };
  return { sockets, store, connection, connect };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("chat connection", async (t) => {
  await t.step("welcome → auth → getRooms; online after the rooms; ping answered with pong", () => {
    const { sockets, store, connection, connect } = setup();
    connection.start();
    assertEquals(store.state.status, "connecting");
    connect(sockets[0], [room(1, 4)]);
    assertEquals(sockets[0].events(), ["auth", "getRooms"]);
    assertEquals(store.state.status, "online");
    sockets[0].receive("ping", { t: 1 });
    assertEquals(sockets[0].events().at(-1), "pong");
    connection.stop();
  });

  await t.step("a reconnect resumes with the last seq per room", async () => {
    const { sockets, store, connection, connect } = setup();
    connection.start();
    connect(sockets[0], [room(1, 4), room(2, 9)]);
    sockets[0].receive("messageReceived", {
      chatId: 2,
      seq: 10,
      message: { id: 10, chatId: 2, type: "TEXT", text: "x", user: ME, time: "", seen: true, seenUsers: [] },
    });
    sockets[0].drop();
    assertEquals(store.state.status, "connecting");
    await tick(300); // attempt 0 with no jitter luck: 250 ms
    assertEquals(sockets.length, 2);
    sockets[1].receive("welcome", {});
    sockets[1].receive("auth_success", { user: ME, userSettings: {} });
    assertEquals(sockets[1].sent[1], { event: "resume", data: { rooms: { 1: 4, 2: 10 } } });
    connection.stop();
  });

  await t.step("an idempotent send waits out a disconnect and is sent again once", async () => {
    const { sockets, connection, connect } = setup();
    connection.start();
    connect(sockets[0], []);
    const sent = connection.request("sendMessage", { chatId: 1, text: "hi", clientId: "abc" });
    assertEquals(sockets[0].events().at(-1), "sendMessage");
    sockets[0].drop();
    await tick(300);
    connect(sockets[1], []);
    const resent = sockets[1].sent.filter((f) => f.event === "sendMessage");
    assertEquals(resent.length, 1);
    assertEquals(resent[0].data.clientId, "abc");
    sockets[1].receive("callback", { eventId: resent[0].id, ok: true, result: { seq: 5, duplicate: true } });
    assertEquals(await sent, { seq: 5, duplicate: true });
    connection.stop();
  });

  await t.step("a request made while connecting goes out after the rooms arrive", async () => {
    const { sockets, connection, connect } = setup();
    connection.start();
    const search = connection.request("searchUsers", { keyword: "an" });
    assertEquals(sockets[0].events(), []);
    connect(sockets[0], []);
    const frame = sockets[0].sent.find((f) => f.event === "searchUsers")!;
    sockets[0].receive("callback", { eventId: frame.id, ok: true, result: { users: [] } });
    assertEquals(await search, { users: [] });
    connection.stop();
  });

  await t.step("a refused request rejects with the server's code; a silent one times out", async () => {
    const { sockets, connection, connect } = setup();
    connection.start();
    connect(sockets[0], []);
    const refused = connection.request("deleteChat", { chatId: 1 });
    const id = sockets[0].sent.at(-1)!.id;
    sockets[0].receive("callback", { eventId: id, ok: false, error: { code: "forbidden", message: "no" } });
    const error = await refused.catch((e) => e);
    assertEquals([error instanceof RequestError, error.code], [true, "forbidden"]);
    const silent = await connection.request("getUserDirectories", {}).catch((e) => e.code);
    assertEquals(silent, "timeout");
    connection.stop();
  });

  await t.step("a revoked session stops reconnecting", async () => {
    const { sockets, store, connection, connect } = setup();
    connection.start();
    connect(sockets[0], []);
    sockets[0].drop(4001);
    await tick(300);
    assertEquals([store.state.status, sockets.length], ["signedOut", 1]);
    connection.stop();
  });
});

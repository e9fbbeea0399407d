/**
 * The application for the chat benchmark (bench/chat.ts), with the production flags: `createApp()` on a
 * KV file, as production runs (`KV_PATH`, a temporary file bench/chat.ts names), holding `people` (argument 1) people (no passwords: sessions are made here) and `rooms`
 * (argument 2) groups of people / rooms members. `GET /__chat_bench` answers the tokens and rooms (only this bench server
 * has that route) so the driver can open one socket per person.
 */
import { createApp } from "../../main.ts";
import { createChat } from "../../services/chat/rooms.ts";
import { bulkSet } from "../../services/db/kv.ts";
import { reserveIds } from "../../services/db/records.ts";
import { createSession } from "../../services/identity/sessions.ts";
import { DEFAULT_AUTH_PARAMS, setAuthParams } from "../../services/identity/params.ts";
import type { User } from "../../services/identity/users.ts";

const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";
// Sizes come as arguments: the production flags allow only the app's own environment variables.
const people = Number(Deno.args[0] || 1000);
const roomCount = Number(Deno.args[1] || 100);
const kvPath = Deno.env.get("KV_PATH");
if (!kvPath || kvPath === ":memory:") {
  throw new Error("set KV_PATH to a KV file: the app is measured as it runs");
}
const app = await createApp({ kvPath });
// The bench measures delivery, not abuse: each room's sender sends far more than a person may (rate_limit.ts).
const unlimited = 1_000_000_000;
await setAuthParams({
  ...DEFAULT_AUTH_PARAMS,
  chat: {
    messagesPerMinute: unlimited,
    uploadsPerMinute: unlimited,
    roomsPerMinute: unlimited,
    memberChangesPerMinute: unlimited,
  },
}, 1);

const first = await reserveIds("users", people);
const users: User[] = Array.from({ length: people }, (_, i) => ({
  id: first + i,
  guard: "custom",
  chatType: "user",
  email: `bench${i}@uni.test`,
  name: `Bench ${i}`,
  nameEn: `Bench ${i}`,
  image: null,
  hrUserId: null,
  studentId: null,
  roleIds: [],
  linkedAccountIds: [],
  passwordHash: "",
  disabled: false,
  createdAt: new Date().toISOString(),
  lastSignInAt: null,
}));
await bulkSet(users.map((u) => [["users", u.id], u] as const));
const tokens: string[] = [];
for (const user of users) {
  const { token } = await createSession({
    userId: user.id,
    guard: user.guard,
    ttlSeconds: 3600,
    ip: "127.0.0.1",
    userAgent: "bench",
  });
  tokens.push(token);
}
const perRoom = Math.floor(people / roomCount);
const rooms: { id: number; members: number[] }[] = [];
for (let r = 0; r < roomCount; r++) {
  const members = Array.from({ length: perRoom }, (_, i) => r * perRoom + i);
  const refs = members.map((i) => ({ id: users[i].id, type: "user" as const }));
  const { chatId } = await createChat(refs[0], refs.slice(1), { title: `bench ${r}` });
  rooms.push({ id: chatId, members });
}
const setup = JSON.stringify({ tokens, rooms });

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, (request, info) => {
  if (new URL(request.url).pathname === "/__chat_bench") {
    return new Response(setup, { headers: { "content-type": "application/json" } });
  }
  return app.fetch(request, info);
});

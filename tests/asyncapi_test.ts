/**
 * The WebSocket protocols are published (issue 30, defect 6): /api/asyncapi.json is an AsyncAPI 3.0 document
 * of /ws/chat and /ws/user that Redocly's recommended rules pass, naming every event the socket code handles
 * both ways; its shared shapes are the OpenAPI document's components too; /api/docs links to it and
 * /api/docs/asyncapi renders it from this server alone. (The chat and user-channel tests check every frame they
 * send and receive against it: tests/chat_client.ts, services/notifications/user_channel_test.ts.)
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { seededApp } from "./helpers.ts";
import { CLIENT_EVENTS } from "../services/chat/protocol.ts";
import { SERVER_EVENTS } from "../http/schemas/chat_socket.ts";

const app = await seededApp();

Deno.test("AsyncAPI document", async (t) => {
  const res = await app.request("/api/asyncapi.json");
  const doc = await res.json();

  await t.step("is AsyncAPI 3.0 with both sockets at their addresses", () => {
    assertEquals(res.status, 200);
    assertEquals(doc.asyncapi, "3.0.0");
    assertEquals(doc.channels.chat.address, "/ws/chat");
    assertEquals(doc.channels.user.address, "/ws/user");
    assertEquals(doc.servers.app.host, "localhost");
    for (const words of ["resume", "seq", "ping", "4001", "fileUploadFinish", "Origin", "auth"]) {
      assert(doc.channels.chat.description.includes(words), words);
    }
  });

  await t.step("names every chat event both ways, each client event with its callback", () => {
    const events = (action: string) =>
      Object.values(
        doc.operations as Record<string, { action: string; channel: { $ref: string }; title: string }>,
      )
        .filter((op) => op.action === action && op.channel.$ref === "#/channels/chat")
        .map((op) => op.title.replace("chat: ", "")).sort();
    assertEquals(events("receive"), [...CLIENT_EVENTS].sort());
    assertEquals(events("send"), Object.keys(SERVER_EVENTS).sort());
    assert(doc.operations["chatClient.sendMessage"].reply.messages.length === 1);
  });

  await t.step("Redocly's recommended rules find no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "asyncapi.json",
      config,
    });
    assertEquals(problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`), []);
  });

  await t.step("a room, a message and a member are the same in the OpenAPI document", async () => {
    const openapi = await (await app.request("/api/openapi.json")).json();
    for (const name of ["ChatRoom", "ChatMessage", "ChatMember", "ChatMemberRef"]) {
      assertEquals(openapi.components.schemas[name], doc.components.schemas[name], name);
    }
  });

  await t.step("the API viewer links it, and it is rendered from this server alone", async () => {
    assertMatch(await (await app.request("/api/docs")).text(), /href="\/api\/docs\/asyncapi"/);
    const openapi = await (await app.request("/api/openapi.json")).json();
    assertMatch(openapi.info.description, /## API clients[\s\S]*\/api\/asyncapi\.json/);
    const page = await app.request("/api/docs/asyncapi");
    assertEquals(page.status, 200);
    const html = await page.text();
    assertEquals(/(src|href)="https?:/.test(html), false);
    for (
      const text of [
        "/ws/chat",
        "/ws/user",
        "sendMessage",
        "messageReceived",
        "ChatRoom",
        "checkUserNotification",
      ]
    ) {
      assert(html.includes(text), text);
    }
  });
});

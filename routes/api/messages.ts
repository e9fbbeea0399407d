/**
 * Announcements (API.md "Communication": messageList, messageGet, messageSend, messageRead): holders of
 * menu.contact.messages send them to an audience and follow their delivery; each arrives in the person's inbox,
 * whose menu badge counts it, and `messageRead` marks the caller's own as read.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import type { AppState } from "../../http/app_state.ts";
import {
  Message,
  MessageBody,
  MessageList,
  MessageReadAnswer,
  MessageReadBody,
} from "../../http/schemas/messages.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import { getMessage, listMessages, sendMessage } from "../../services/messages/store.ts";
import { markBoxRead } from "../../services/shell/mailboxes.ts";

export const MESSAGES_KEY = "menu.contact.messages";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const json = <S extends z.ZodType>(schema: S, status: 200 | 202 = 200) => ({
  [status]: { description: "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const withoutAudience = ({ audience: _, ...m }: { audience: unknown } & z.infer<typeof Message>) => m;

export const messageListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "messageList",
  permission: MESSAGES_KEY,
  summary: "The latest announcements, newest first, with how many people have them in their inbox",
  responses: json(MessageList),
});

router.openapi(messageListRoute, async (c) => {
  const data = (await listMessages()).map(withoutAudience);
  return c.json({ data, total: data.length }, 200);
});

export const messageGetRoute = apiRoute({
  method: "get",
  path: "/{id}",
  operationId: "messageGet",
  permission: MESSAGES_KEY,
  summary: "One announcement with its delivery count",
  request: { params: IdParam },
  responses: json(Message),
});

router.openapi(
  messageGetRoute,
  async (c) => c.json(withoutAudience(await getMessage(c.req.valid("param").id)), 200),
);

export const messageSendRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "messageSend",
  permission: MESSAGES_KEY,
  summary:
    "Sends an announcement (subject, text) into the inbox of everyone in the audience, one background " +
    "job each; no subject, text or recipient → 422, and nothing is stored",
  request: body(MessageBody),
  responses: json(Message, 202),
});

router.openapi(messageSendRoute, async (c) => {
  const state = stateOf(c);
  const user = state.identity!.user;
  const sender = state.lang === "en" ? user.nameEn || user.name : user.name;
  const message = await sendMessage(c.req.valid("json"), sender, user.id);
  return c.json(withoutAudience({ ...message, delivered: 0 }), 202);
});

export const messageReadRoute = apiRoute({
  method: "post",
  path: "/read",
  operationId: "messageRead",
  permission: "session",
  summary:
    "Marks the caller's own announcements (inbox items, by id) as read; answers the inbox badge's count",
  request: body(MessageReadBody),
  responses: json(MessageReadAnswer),
});

router.openapi(messageReadRoute, async (c) => {
  const user = stateOf(c).identity!.user;
  const { changed, unread } = await markBoxRead("inbox", user.id, { ids: c.req.valid("json").ids }, user.id);
  return c.json({ changed, inbox: unread }, 200);
});

export default router;

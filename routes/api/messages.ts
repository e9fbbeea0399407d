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
  AttachmentParam,
  Message,
  MessageBody,
  MessageList,
  MessageReadAnswer,
  MessageReadBody,
} from "../../http/schemas/messages.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import {
  deliveredTo,
  getMessage,
  listMessages,
  MESSAGES,
  sendMessage,
} from "../../services/messages/store.ts";
import { attachmentBytes } from "../../services/messages/attachments.ts";
import { decodeBase64Text } from "../../utils/base64.ts";
import { markBoxRead } from "../../services/shell/mailboxes.ts";
import { notFound } from "../../utils/errors.ts";

export const MESSAGES_KEY = "menu.contact.messages";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const json = <S extends z.ZodType>(schema: S, status: 200 | 202 = 200) => ({
  [status]: { description: "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
type Stored = Awaited<ReturnType<typeof getMessage>>;
/** What the API shows of a message: no audience filter, and attachments without their storage ids. */
const shown = ({ audience: _, attachments, ...m }: Stored) => ({
  ...m,
  attachments: (attachments ?? []).map(({ n, name, type, size }) => ({ n, name, type, size })),
});

export const messageListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "messageList",
  permission: MESSAGES_KEY,
  summary: "The latest announcements, newest first, with how many people have them in their inbox",
  responses: json(MessageList),
});

router.openapi(messageListRoute, async (c) => {
  const data = (await listMessages()).map(shown);
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
  async (c) => c.json(shown(await getMessage(c.req.valid("param").id)), 200),
);

export const messageSendRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "messageSend",
  permission: MESSAGES_KEY,
  summary:
    "Sends an announcement (subject, text, up to three PDF or DOCX attachments) into the inbox of everyone " +
    "in the audience, one background job each; no subject, text or recipient, or an attachment that is not " +
    "what its name says or over 2 MB → 422, and nothing is stored",
  request: body(MessageBody),
  responses: json(Message, 202),
});

router.openapi(messageSendRoute, async (c) => {
  const state = stateOf(c);
  const user = state.identity!.user;
  const sender = state.lang === "en" ? user.nameEn || user.name : user.name;
  const { attachments, ...input } = c.req.valid("json");
  const files = (attachments ?? []).map((a) => ({ name: a.name, bytes: decodeBase64Text(a.content) }));
  const message = await sendMessage({ ...input, attachments: files }, sender, user.id);
  return c.json(shown({ ...message, delivered: 0 }), 202);
});

export const messageAttachmentRoute = apiRoute({
  method: "get",
  path: "/{id}/attachments/{n}",
  operationId: "messageAttachment",
  permission: "session",
  summary: "An announcement's attachment, for the people it was delivered to and the holders of " +
    "menu.contact.messages (404 for anyone else)",
  request: { params: AttachmentParam },
  responses: {
    200: {
      description: "the file",
      content: {
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
          schema: z.string().openapi({ format: "binary" }),
        },
      },
    },
  },
});

router.openapi(messageAttachmentRoute, async (c) => {
  const { id, n } = c.req.valid("param");
  const state = stateOf(c);
  const message = await getMessage(id);
  if (!state.auth.can(MESSAGES_KEY) && !(await deliveredTo(id, state.identity!.user.id))) {
    throw notFound(MESSAGES);
  }
  const attachment = message.attachments?.find((a) => a.n === n);
  const bytes = attachment && await attachmentBytes(attachment);
  if (!attachment || !bytes) throw notFound(MESSAGES);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": attachment.type,
    "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
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

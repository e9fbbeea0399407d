/** Request and response shapes of announcements (API.md "Communication": messageList … messageRead). */
import { z } from "@hono/zod-openapi";
import { MESSAGE_LIMITS } from "../../services/messages/store.ts";
import { Audience } from "./polls.ts";

export const MessageBody = z.strictObject({
  subject: z.string().max(MESSAGE_LIMITS.subject),
  body: z.string().max(MESSAGE_LIMITS.body),
  audience: Audience,
}).openapi("MessageInput");

export const Message = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  sender: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  recipients: z.number().int(),
  delivered: z.number().int(),
}).openapi("Message");

export const MessageList = z.object({ data: z.array(Message), total: z.number().int() }).openapi(
  "MessageList",
);

export const MessageReadBody = z.strictObject({
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(500),
}).openapi("MessageReadInput");

export const MessageReadAnswer = z.object({ changed: z.number().int(), inbox: z.number().int() })
  .openapi("MessageReadAnswer");

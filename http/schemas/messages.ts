/** Request and response shapes of announcements (API.md "Communication": messageList … messageRead). */
import { z } from "@hono/zod-openapi";
import { MESSAGE_LIMITS } from "../../services/messages/store.ts";
import { ATTACHMENTS_MAX } from "../../services/messages/attachments.ts";
import { IdText } from "./timetable.ts";
import { Audience } from "./polls.ts";

const AttachmentUpload = z.strictObject({
  name: z.string().max(300).openapi({ description: "The file's name: .pdf or .docx, as its content is" }),
  content: z.string().openapi({ description: "The file's bytes in base64, at most 2 MB decoded" }),
}).openapi("MessageAttachmentUpload");

export const MessageBody = z.strictObject({
  subject: z.string().max(MESSAGE_LIMITS.subject),
  body: z.string().max(MESSAGE_LIMITS.body),
  audience: Audience,
  attachments: z.array(AttachmentUpload).max(10).optional().openapi({
    description: `At most ${ATTACHMENTS_MAX} documents (PDF or DOCX, judged by content); each recipient's ` +
      "inbox item links to them",
  }),
}).openapi("MessageInput");

const Attachment = z.object({
  n: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
}).openapi("MessageAttachment");

export const AttachmentParam = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path", description: "The announcement" }, example: 1 }),
  n: IdText.openapi({ param: { name: "n", in: "path", description: "The attachment, from 1" }, example: 1 }),
});

export const Message = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  sender: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  attachments: z.array(Attachment),
}).openapi("Message");

export const MessageList = z.object({ data: z.array(Message), total: z.number().int() }).openapi(
  "MessageList",
);

export const MessageReadBody = z.strictObject({
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(500),
}).openapi("MessageReadInput");

export const MessageReadAnswer = z.object({ changed: z.number().int(), inbox: z.number().int() })
  .openapi("MessageReadAnswer");

/**
 * Announcements (/messages/list, issue 26): a subject and a text from the university to an audience (the polls'
 * filter), delivered into each person's inbox — the mailbox whose badge the menu shows — by one job per person.
 *
 * | key                                      | value                                                    |
 * |------------------------------------------|----------------------------------------------------------|
 * | ["messages", id]                         | Message (audited; ids from ["counters", "messages"]), written with its fan-out job |
 * | ["message_recipients", id, chunk]        | number[]: the user ids the audience named when sent, ≤ 5,000 a chunk |
 * | ["message_deliveries", id, userId]       | the inbox item's id: this person has it (set with the item, in its atomic) |
 * | ["message_counts", id]                   | KvU64: deliveries made                                   |
 * Attachments are files (db/files.ts) listed on the message (messages/attachments.ts); each inbox item links to them.
 *
 * A delivery is at least once by the queue; the marker is checked by, and set in, the inbox item's own atomic, so
 * a delivery run again after a crash at any point puts nothing in the inbox twice.
 */
import { type FieldError, invalid, notFound } from "../../utils/errors.ts";
import { addAudit } from "../db/audit_log.ts";
import { bulkSet, db } from "../db/kv.ts";
import { reserveIds } from "../db/records.ts";
import { defineJob } from "../operations/jobs.ts";
import { resolveAudience } from "../polls/audience.ts";
import type { PollAudience } from "../polls/model.ts";
import { audienceIsEmpty } from "../polls/rules.ts";
import { addBoxItemOnce } from "../shell/mailboxes.ts";
import {
  type Attachment,
  attachmentHref,
  attachmentsError,
  type NewAttachment,
  removeAttachments,
  storeAttachments,
} from "./attachments.ts";

export const MESSAGES = "messages";
export const MESSAGE_LIMITS = { subject: 200, body: 10_000 } as const;
const CHUNK = 5_000;

export interface Message {
  id: number;
  subject: string;
  body: string;
  audience: PollAudience;
  /** Shown as the inbox item's sender. */
  sender: string;
  createdBy: number | null;
  createdAt: string;
  recipients: number;
  /** Absent on messages sent before attachments existed. */
  attachments?: Attachment[];
}

const keys = {
  message: (id: number): Deno.KvKey => [MESSAGES, id],
  recipients: (id: number): Deno.KvKey => ["message_recipients", id],
  delivery: (id: number, userId: number): Deno.KvKey => ["message_deliveries", id, userId],
  count: (id: number): Deno.KvKey => ["message_counts", id],
};

/** One person's copy: into their inbox once, the marker set in the inbox item's own atomic. */
export async function deliverMessage({ messageId, userId }: { messageId: number; userId: number }) {
  const message = (await db().get<Message>(keys.message(messageId))).value;
  if (!message) return;
  await addBoxItemOnce(
    "inbox",
    userId,
    {
      title: message.subject,
      sender: message.sender,
      body: message.body,
      links: (message.attachments ?? []).map((a) => ({ name: a.name, href: attachmentHref(messageId, a.n) })),
    },
    message.createdBy,
    { key: keys.delivery(messageId, userId), tally: [keys.count(messageId)] },
  );
}

const deliverJob = defineJob<{ messageId: number; userId: number }>({
  name: "message_deliver",
  run: deliverMessage,
});

/** Enqueues one delivery per recipient (keys per message and person: a run again enqueues nobody twice). */
export async function fanOutMessage({ messageId }: { messageId: number }) {
  for await (const chunk of db().list<number[]>({ prefix: keys.recipients(messageId) })) {
    for (const userId of chunk.value) {
      await deliverJob.enqueue({ messageId, userId }, { key: `message:${messageId}:${userId}` });
    }
  }
}

const fanOutJob = defineJob<{ messageId: number }>({ name: "message_fan_out", run: fanOutMessage });

export interface MessageInput {
  subject: string;
  body: string;
  audience: PollAudience;
  attachments?: NewAttachment[];
}

/** Sends an announcement: 422 without a subject, text or anyone to receive it; nothing stored then. */
export async function sendMessage(
  input: MessageInput,
  sender: string,
  actor: number | null,
): Promise<Message> {
  const fields: Record<string, FieldError> = {};
  if (!input.subject.trim()) fields.subject = { key: "errors.required" };
  if (!input.body.trim()) fields.body = { key: "errors.required" };
  if (audienceIsEmpty(input.audience)) fields.audience = { key: "polls.errors.noAudience" };
  const attachmentError = attachmentsError(input.attachments ?? []);
  if (attachmentError) fields.attachments = attachmentError;
  if (Object.keys(fields).length) throw invalid(fields);
  const { userIds } = await resolveAudience(input.audience);
  if (userIds.length === 0) throw invalid({ audience: { key: "messages.errors.noRecipients" } });
  const id = await reserveIds(MESSAGES, 1);
  const chunks: [Deno.KvKey, number[]][] = [];
  for (let i = 0; i < userIds.length; i += CHUNK) {
    chunks.push([[...keys.recipients(id), i / CHUNK], userIds.slice(i, i + CHUNK)]);
  }
  await bulkSet(chunks);
  const attachments = await storeAttachments(input.attachments ?? []);
  const message: Message = {
    id,
    subject: input.subject.trim(),
    body: input.body.trim(),
    audience: input.audience,
    sender,
    createdBy: actor,
    createdAt: new Date().toISOString(),
    recipients: userIds.length,
    ...(attachments.length ? { attachments } : {}),
  };
  const atomic = db().atomic().check({ key: keys.message(id), versionstamp: null }).set(
    keys.message(id),
    message,
  );
  fanOutJob.addTo(atomic, { messageId: id }, { key: `message_fan_out:${id}` });
  addAudit(atomic, { entity: MESSAGES, entityId: id, actor, action: "create", before: null, after: message });
  if (!(await atomic.commit()).ok) {
    await removeAttachments(attachments);
    throw new Error("a new message's id was taken");
  }
  return message;
}

/** Whether the person may download the message's attachments: it was delivered to them. */
export async function deliveredTo(messageId: number, userId: number): Promise<boolean> {
  return (await db().get(keys.delivery(messageId, userId))).versionstamp !== null;
}

export type ListedMessage = Message & { delivered: number };

async function withCount(message: Message): Promise<ListedMessage> {
  const count = (await db().get<Deno.KvU64>(keys.count(message.id))).value;
  return { ...message, delivered: count ? Number(count.value) : 0 };
}

export async function getMessage(id: number): Promise<ListedMessage> {
  const message = (await db().get<Message>(keys.message(id))).value;
  if (!message) throw notFound(MESSAGES);
  return await withCount(message);
}

/** The latest announcements, newest first, with how many were delivered. */
export async function listMessages(limit = 50): Promise<ListedMessage[]> {
  const messages: Message[] = [];
  for await (const e of db().list<Message>({ prefix: [MESSAGES] }, { limit, reverse: true })) {
    messages.push(e.value);
  }
  return await Promise.all(messages.map(withCount));
}

/** Request and response shapes of SMS notifications (API.md "Communication": smsPreview … smsResendFailed). */
import { z } from "@hono/zod-openapi";
import { DELIVERY_STATUSES, TEXT_MAX } from "../../services/sms/model.ts";
import { Audience } from "./polls.ts";
import { Versionstamp } from "./timetable.ts";

export const SmsBody = z.strictObject({
  text: z.string().max(TEXT_MAX).openapi({
    description: "The message; {name}, {firstName}, {lastName} and {program} are filled in per recipient",
  }),
  audience: Audience,
}).openapi("SmsInput");

export const SmsPreviewAnswer = z.object({
  recipients: z.number().int(),
  withoutPhone: z.number().int(),
  encoding: z.enum(["gsm7", "ucs2"]),
  segmentsEach: z.number().int(),
  segments: z.number().int(),
  sample: z.string(),
}).openapi("SmsPreview");

const Counts = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});

export const Sending = z.object({
  id: z.number().int(),
  text: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  total: z.number().int(),
  segments: z.number().int(),
  encoding: z.enum(["gsm7", "ucs2"]),
  resends: z.number().int(),
}).openapi("SmsSending");

export const SendingList = z.object({
  data: z.array(Sending.extend({ counts: Counts, versionstamp: z.string() })),
  total: z.number().int(),
}).openapi("SmsSendingList");

export const LogQuery = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const DeliveryLog = z.object({
  data: z.array(z.object({
    n: z.number().int(),
    name: z.string(),
    phone: z.string(),
    text: z.string(),
    segments: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    answer: z.string(),
    attempts: z.number().int(),
    updatedAt: z.string(),
  })),
  total: z.number().int(),
  counts: Counts,
}).openapi("SmsDeliveryLog");

export const ResendBody = z.strictObject({ versionstamp: Versionstamp }).openapi("SmsResendInput");
export const ResendAnswer = z.object({ requeued: z.number().int() }).openapi("SmsResendAnswer");

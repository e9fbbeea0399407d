/**
 * SMS notifications (API.md "Communication"): holders of menu.contact.sms preview an audience's count and
 * cost, send (one background job per recipient through the SMS provider), read the delivery log and resend
 * only the failed messages (services/sms/).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import type { AppState } from "../../http/app_state.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import {
  DeliveryLog,
  LogQuery,
  ResendAnswer,
  ResendBody,
  Sending,
  SendingList,
  SmsBody,
  SmsPreviewAnswer,
} from "../../http/schemas/sms.ts";
import {
  countsOf,
  deliveryLog,
  listSendings,
  previewSms,
  resendFailed,
  sendSms,
} from "../../services/sms/send.ts";

export const SMS_KEY = "menu.contact.sms";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const json = <S extends z.ZodType>(schema: S, status: 200 | 202 = 200) => ({
  [status]: { description: "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

export const smsPreviewRoute = apiRoute({
  method: "post",
  path: "/preview",
  operationId: "smsPreview",
  permission: SMS_KEY,
  summary:
    "How many recipients (with a phone) the audience has, and the cost in segments (Georgian text is " +
    "UCS-2: 70 characters, 67 per part; GSM-7: 160, 153 per part); no audience or over 10 segments → 422",
  request: body(SmsBody),
  responses: json(SmsPreviewAnswer),
});

router.openapi(smsPreviewRoute, async (c) => {
  const { text, audience } = c.req.valid("json");
  return c.json(await previewSms(text, audience), 200);
});

export const smsSendRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "smsSend",
  permission: SMS_KEY,
  summary: "Sends the message to every recipient of the audience, one throttled background job each; no " +
    "recipients or over 10 segments → 422, and nothing is stored",
  request: body(SmsBody),
  responses: json(Sending, 202),
});

router.openapi(smsSendRoute, async (c) => {
  const { text, audience } = c.req.valid("json");
  const { audience: _, ...sending } = await sendSms(text, audience, stateOf(c).identity!.user.id);
  return c.json(sending, 202);
});

export const smsListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "smsList",
  permission: SMS_KEY,
  summary: "The latest sendings, newest first, with their deliveries counted by status",
  responses: json(SendingList),
});

router.openapi(smsListRoute, async (c) => {
  const data = (await listSendings()).map(({ audience: _, ...s }) => s);
  return c.json({ data, total: data.length }, 200);
});

export const smsLogRoute = apiRoute({
  method: "get",
  path: "/{id}/log",
  operationId: "smsLog",
  permission: SMS_KEY,
  summary:
    "A sending's delivery log, one row per recipient with the provider's answer, optionally one status",
  request: { params: IdParam, query: LogQuery },
  responses: json(DeliveryLog),
});

router.openapi(smsLogRoute, async (c) => {
  const { id } = c.req.valid("param");
  const [log, counts] = await Promise.all([deliveryLog(id, c.req.valid("query")), countsOf(id)]);
  return c.json(
    { data: log.data.map(({ userId: _, studentId: __, ...d }) => d), total: log.total, counts },
    200,
  );
});

export const smsResendFailedRoute = apiRoute({
  method: "post",
  path: "/{id}/resend",
  operationId: "smsResendFailed",
  permission: SMS_KEY,
  errors: [409],
  summary:
    "Queues again only the failed deliveries of a sending (named by the versionstamp shown; stale → 409)",
  request: { params: IdParam, ...body(ResendBody) },
  responses: json(ResendAnswer),
});

router.openapi(smsResendFailedRoute, async (c) => {
  const { id } = c.req.valid("param");
  const requeued = await resendFailed(id, stateOf(c).identity!.user.id, c.req.valid("json").versionstamp);
  return c.json({ requeued }, 200);
});

export default router;

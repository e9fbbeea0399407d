import { z } from "@hono/zod-openapi";

export const ConsentSetBody = z.strictObject({
  /** 1 agree, 0 do not agree (API.md). */
  agreed: z.union([z.literal(1), z.literal(0)]),
  /** The SMS code, after a first call answered `sms_required`. */
  code: z.string().regex(/^\d{6}$/).optional(),
}).openapi("ConsentSetBody");

export const ConsentStatus = z.object({
  version: z.string(),
  state: z.enum(["agreed", "pending"]),
}).openapi("ConsentStatus");

export const ConsentDecisionView = z.object({
  userId: z.number().int(),
  version: z.string(),
  agreed: z.boolean(),
  at: z.string(),
  ip: z.string(),
  method: z.enum(["plain", "sms"]),
}).openapi("ConsentDecision");

const VersionParam = z.string().regex(/^[0-9A-Za-z._-]{1,20}$/).optional();
const AgreedParam = z.enum(["yes", "no"]).optional();

export const ConsentListQuery = z.strictObject({
  version: VersionParam,
  agreed: AgreedParam,
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const ConsentExportQuery = z.strictObject({ version: VersionParam, agreed: AgreedParam });

export const ConsentList = z.object({
  data: z.array(ConsentDecisionView),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
}).openapi("ConsentList");

/** Response shapes of the identity operations, shared by their routers and the OpenAPI document. */
import { z } from "@hono/zod-openapi";

export const Ok = z.object({ result: z.literal("yes") }).openapi("Ok");

export const PublicUserSchema = z.object({
  id: z.number().int(),
  guard: z.enum(["user", "prof", "custom"]),
  chatType: z.enum(["user", "prof", "student"]),
  name: z.string(),
  nameEn: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  hrUserId: z.number().int().nullable(),
}).openapi("User");

export const AuthMe = z.object({
  user: PublicUserSchema,
  permissions: z.array(z.string()),
  settings: z.object({ lang: z.enum(["ka", "en"]) }),
  sessionExpiresAt: z.string().nullable(),
  live: z.object({ observer: z.boolean(), observingStart: z.boolean() }),
}).openapi("AuthMe");

export const Device = z.object({
  sid: z.string(),
  browser: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
}).openapi("Device");

/** Shapes of the shell's live calls (API.md "Identity and shell") and of the language screen ("Administration"). */
import { z } from "@hono/zod-openapi";

export const BoxCount = z.object({ inbox: z.number().int() }).openapi("BoxCount");

export const BoxItem = z.object({
  id: z.number().int(),
  title: z.string(),
  sender: z.string(),
  /** The item's text, shown when it is opened; absent for items that are only a title. */
  body: z.string().optional(),
  links: z.array(z.object({ name: z.string(), href: z.string() })).optional().openapi({
    description: "Files the item refers to (an announcement's attachments), to download",
  }),
  createdAt: z.string(),
  read: z.boolean(),
}).openapi("BoxItem");

export const ZoomStatus = z.object({ result: z.enum(["yes", "no"]), status: z.boolean() }).openapi(
  "ZoomStatus",
);

export const WaitingPoll = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  closesAt: z.string(),
}).openapi("WaitingPoll");

export const Side = z.enum(["admin_side", "student_side"]);

export const Language = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  builtIn: z.boolean(),
  keys: z.number().int(),
  translated: z.number().int(),
}).openapi("Language");

export const TranslationRow = z.object({
  key: z.string(),
  reference: z.string(),
  shipped: z.string(),
  text: z.string(),
  edited: z.boolean(),
}).openapi("TranslationRow");

/** `a.b.c` of letters, digits and underscores, as the locale files name their texts. */
export const TranslationKey = z.string().max(200).regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/);
export const LanguageCode = z.string().regex(/^[a-z]{2,3}$/);

export const LanguageAddBody = z.strictObject({
  side: Side,
  code: LanguageCode,
  name: z.string().trim().min(1).max(60),
  flag: z.string().trim().max(16).default(""),
});

export const TranslationSaveBody = z.strictObject({
  side: Side,
  key: TranslationKey,
  text: z.string().max(4000),
});

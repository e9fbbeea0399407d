/**
 * The mailbox and the chancellery behind the side menu's badges (API.md inboxCount, chancelleryCount; SPEC §4:
 * the badges refresh when a message is sent, when the inbox is read and on the check-chancellery action).
 * Every call concerns the caller's own boxes only.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { BoxCount, BoxItem } from "../../http/schemas/shell_live.ts";
import { type Box, BOXES, boxUnread, listBoxItems, markBoxRead } from "../../services/shell/mailboxes.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const userIdOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S) => ({
  200: { description: "ok", content: { "application/json": { schema } } },
});
const ReadResult = z.object({ changed: z.number().int(), inbox: z.number().int() });

const countRouteOf = <B extends Box>(box: B, operationId: string, summary: string) =>
  apiRoute({
    method: "get",
    path: `/${box}/count` as const,
    operationId,
    permission: "session",
    summary,
    responses: json(BoxCount),
  });
export const inboxCountRoute = countRouteOf(
  "inbox",
  "inboxCount",
  "Unread items in the caller's mailbox (the menu badge)",
);
export const chancelleryCountRoute = countRouteOf(
  "chancellery",
  "chancelleryCount",
  "Unread items in the caller's chancellery (its menu badge)",
);
for (const [box, route] of [["inbox", inboxCountRoute], ["chancellery", chancelleryCountRoute]] as const) {
  router.openapi(route, async (c) => c.json({ inbox: await boxUnread(box, userIdOf(c)) }, 200));
}

export const mailboxListRoute = apiRoute({
  method: "get",
  path: "/{box}",
  operationId: "mailboxList",
  permission: "session",
  summary: "The caller's items in one box, newest first",
  request: {
    params: z.object({ box: z.enum(BOXES) }),
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(1000).default(20),
    }),
  },
  responses: json(z.object({ data: z.array(BoxItem), total: z.number().int() })),
});

router.openapi(
  mailboxListRoute,
  async (c) => {
    const { box } = c.req.valid("param");
    return c.json(await listBoxItems(box, userIdOf(c), c.req.valid("query")), 200);
  },
);

export const inboxReadRoute = apiRoute({
  method: "post",
  path: "/inbox/read",
  operationId: "inboxRead",
  permission: "session",
  summary: "Marks the caller's mailbox items read (`ids`, or all); answers the new badge count",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(99).optional() }),
        },
      },
    },
  },
  responses: json(ReadResult),
});

router.openapi(
  inboxReadRoute,
  async (c) => {
    const { ids } = c.req.valid("json");
    const userId = userIdOf(c);
    const { changed, unread } = await markBoxRead("inbox", userId, ids ? { ids } : { all: true }, userId);
    return c.json({ changed, inbox: unread }, 200);
  },
);

export const chancelleryCheckRoute = apiRoute({
  method: "post",
  path: "/chancellery/check",
  operationId: "chancelleryCheck",
  permission: "session",
  summary: "The check-chancellery action: the caller has seen every chancellery item; answers the new count",
  responses: json(ReadResult),
});

router.openapi(
  chancelleryCheckRoute,
  async (c) => {
    const userId = userIdOf(c);
    const { changed, unread } = await markBoxRead("chancellery", userId, { all: true }, userId);
    return c.json({ changed, inbox: unread }, 200);
  },
);

export const chancelleryReadRoute = apiRoute({
  method: "post",
  path: "/chancellery/read",
  operationId: "chancelleryRead",
  permission: "session",
  summary: "Marks the caller's chancellery items `ids` read (an item opened); answers the new count",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(99) }),
        },
      },
    },
  },
  responses: json(ReadResult),
});

router.openapi(
  chancelleryReadRoute,
  async (c) => {
    const userId = userIdOf(c);
    const { changed, unread } = await markBoxRead(
      "chancellery",
      userId,
      { ids: c.req.valid("json").ids },
      userId,
    );
    return c.json({ changed, inbox: unread }, 200);
  },
);

export default router;

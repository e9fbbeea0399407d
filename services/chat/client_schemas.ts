/** Strict parsers of every client event's data (protocol.ts `ClientEvents`), with length and count caps. */
import { z } from "@hono/zod-openapi";
import {
  CLIENT_ID_PATTERN,
  type ClientEventName,
  MAX_MEMBERS,
  MAX_MESSAGE_CHARS,
  MAX_TITLE_CHARS,
  MAX_UPLOAD_BYTES,
  REPLAY_LIMIT,
} from "./protocol.ts";

const chatId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const clientId = z.string().regex(CLIENT_ID_PATTERN);
const member = z.strictObject({ id: z.number().int().positive(), type: z.enum(["user", "prof", "student"]) });
const empty = z.strictObject({});
const settings = z.strictObject({
  title: z.string().trim().max(MAX_TITLE_CHARS).nullable().optional(),
  muted: z.boolean().optional(),
  visibility: z.enum(["everyone", "hidden"]).optional(),
  directory: z.enum(["administration", "professors", "students"]).nullable().optional(),
});

export const CLIENT_SCHEMAS: Record<ClientEventName, z.ZodType> = {
  auth: z.strictObject({ token: z.string().max(4096).optional() }),
  getRooms: empty,
  messages: z.strictObject({
    chatId,
    page: z.number().int().min(1).max(100_000).optional(),
    before: seq.optional(),
  }),
  sendMessage: z.strictObject({ chatId, text: z.string().max(MAX_MESSAGE_CHARS), clientId }),
  createChat: z.strictObject({
    members: z.array(member).min(1).max(MAX_MEMBERS),
    title: z.string().max(MAX_TITLE_CHARS).optional(),
    clientId,
  }),
  openChat: z.strictObject({ chatId }),
  deleteChat: z.strictObject({ chatId }),
  seenChat: z.strictObject({ chatId, unseenMessageIds: z.array(seq.min(1)).min(1).max(1000) }),
  searchUsers: z.strictObject({ keyword: z.string().max(100) }),
  addMemberToChat: z.strictObject({ chatId, member }),
  removeMemberFromChat: z.strictObject({ chatId, member }),
  setCustomTitle: z.strictObject({
    chatId,
    title: z.string().max(MAX_TITLE_CHARS),
    personal: z.boolean().optional(),
  }),
  fileUploadFinish: z.strictObject({
    chatId,
    originalname: z.string().max(255),
    mimetype: z.string().max(255),
    filename: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/),
    size: z.number().int().min(1).max(MAX_UPLOAD_BYTES),
    clientId,
  }),
  getUserSettings: empty,
  setUserSettings: settings,
  getUserDirectories: empty,
  getDirectoryUsers: z.strictObject({
    directory: z.enum(["administration", "professors", "students"]),
    page: z.number().int().min(1).max(10_000).optional(),
  }),
  pong: z.strictObject({ t: z.number().optional() }),
  resume: z.strictObject({
    rooms: z.record(z.string().regex(/^[1-9][0-9]{0,15}$/), seq).refine(
      (rooms) => Object.keys(rooms).length <= REPLAY_LIMIT,
      "chat.errors.tooMany",
    ),
  }),
};

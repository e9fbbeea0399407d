/**
 * The chat's rules (SPEC §5, §6), checked against the room's projection at the seq the event will follow —
 * inside the append, so a rule can never be decided on a stale member list.
 */
import { AppError, invalid, notFound } from "../../utils/errors.ts";
import { type ChatEventBody, isAdmin, isMember, type RoomState, sameMember } from "./model.ts";
import { MAX_MEMBERS, MAX_MESSAGE_CHARS, MAX_TITLE_CHARS, type MemberRef } from "./protocol.ts";

/** A room the person is not in answers as one that does not exist: a non-member learns nothing of it. */
export const notMember = () => notFound("chat");
export const notAdmin = () => new AppError(403, "not_admin", "chat.errors.notAdmin");
export const notGroup = () => new AppError(409, "not_group", "chat.errors.notGroup");
export const alreadyMember = () => new AppError(409, "already_member", "chat.errors.alreadyMember");

export function checkTitle(title: string, field = "title"): void {
  if (!title.trim()) throw invalid({ [field]: { key: "errors.required" } });
  if (title.length > MAX_TITLE_CHARS) {
    throw invalid({ [field]: { key: "errors.tooLong", params: { max: MAX_TITLE_CHARS } } });
  }
}

export function checkText(text: string): void {
  if (!text.trim()) throw invalid({ text: { key: "errors.required" } });
  if (text.length > MAX_MESSAGE_CHARS) {
    throw invalid({ text: { key: "errors.tooLong", params: { max: MAX_MESSAGE_CHARS } } });
  }
}

/** Throws the AppError that refuses `body` by `actor` on a room in `state`; returns when it is allowed. */
export function checkEvent(state: RoomState | null, body: ChatEventBody, actor: MemberRef): void {
  if (body.type === "room_created") {
    if (state) throw new Error(`room ${state.id} exists already`);
    if (!body.members.some((m) => sameMember(m, actor))) throw notMember();
    if (body.members.length > MAX_MEMBERS) {
      throw invalid({ members: { key: "chat.errors.tooMany", params: { max: MAX_MEMBERS } } });
    }
    if (body.title !== null) checkTitle(body.title);
    return;
  }
  if (!state || state.deleted) throw notFound("chat");
  if (!isMember(state, actor)) throw notMember();
  switch (body.type) {
    case "member_added":
      if (state.kind !== "group") throw notGroup();
      if (!isAdmin(state, actor)) throw notAdmin();
      if (isMember(state, body.member)) throw alreadyMember();
      if (state.members.length >= MAX_MEMBERS) {
        throw invalid({ member: { key: "chat.errors.tooMany", params: { max: MAX_MEMBERS } } });
      }
      return;
    case "member_removed":
      if (state.kind !== "group") throw notGroup();
      // A non-admin may remove only themself (SPEC §5).
      if (!sameMember(body.member, actor) && !isAdmin(state, actor)) throw notAdmin();
      if (!isMember(state, body.member)) throw notFound("member");
      return;
    case "title_set":
      if (state.kind !== "group") throw notGroup();
      if (!isAdmin(state, actor)) throw notAdmin();
      return checkTitle(body.title);
    case "custom_title_set":
      if (body.title !== null) checkTitle(body.title);
      return;
    case "message_sent":
      return checkText(body.text);
    case "messages_seen":
      if (body.upTo < 1 || body.upTo > state.seq) {
        throw invalid({ unseenMessageIds: { key: "chat.errors.unknownMessage" } });
      }
      return;
    case "room_deleted":
      if (state.kind !== "group") throw notGroup();
      if (!isAdmin(state, actor)) throw notAdmin();
      return;
  }
}

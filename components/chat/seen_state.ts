/**
 * The four seen states (SPEC §4) of a message and of a room (by its last message): a message from me is
 * `user_seen` once anyone else saw it, else `user_not_seen`; a message from someone else is `me_seen` once I
 * saw it, else `me_not_seen`. A message is mine when both id and type match (SPEC §6).
 */
import { sameSender, type Sender } from "./grouping.ts";

export type SeenState = "user_seen" | "user_not_seen" | "me_seen" | "me_not_seen";

export interface SeenSubject {
  user: Sender;
  seenUsers: readonly Sender[];
}

export function isMine(message: { user: Sender }, me: Sender): boolean {
  return sameSender(message.user, me);
}

export function seenState(message: SeenSubject, me: Sender): SeenState {
  if (isMine(message, me)) {
    return message.seenUsers.some((u) => !sameSender(u, me)) ? "user_seen" : "user_not_seen";
  }
  return message.seenUsers.some((u) => sameSender(u, me)) ? "me_seen" : "me_not_seen";
}

/** A room without messages reads as seen by me: there is nothing to read. */
export function roomSeenState(lastMessage: SeenSubject | null, me: Sender): SeenState {
  return lastMessage ? seenState(lastMessage, me) : "me_seen";
}

/** Adds `who` to the seen users of a message (a seen update, SPEC §4); unchanged when already there. */
export function withSeenBy<T extends SeenSubject>(message: T, who: Sender): T {
  if (message.seenUsers.some((u) => sameSender(u, who))) return message;
  // A reference only (id and type), whatever else `who` carries.
  return { ...message, seenUsers: [...message.seenUsers, { id: who.id, type: who.type }] };
}

/** Ids of the messages from others that I have not seen: what focusing a window marks seen. */
export function unseenByMe<T extends SeenSubject & { id: string | number }>(
  messages: readonly T[],
  me: Sender,
): T["id"][] {
  return messages.filter((m) => seenState(m, me) === "me_not_seen").map((m) => m.id);
}

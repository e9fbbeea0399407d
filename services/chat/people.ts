/**
 * People as the chat shows them (SPEC §3 Member, User chat settings): names, icons and titles from the users
 * collection and `["chat_settings", userId]`, the user search and the directories. The whole set is kept in
 * this process for a few seconds (db/cached_value.ts): the chat renders names on every frame it builds, and the
 * number of people who sign in is small (thousands at most), unlike students or courses.
 */
import { addAudit } from "../db/audit_log.ts";
import { cachedValue, cacheVersionKey } from "../db/cached_value.ts";
import { AUTH_EPOCH_KEY } from "../identity/epoch.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import type { User } from "../identity/users.ts";
import { DEFAULT_SETTINGS, keys } from "./model.ts";
import { invalid } from "../../utils/errors.ts";
import {
  type ChatUser,
  DEFAULT_MEMBER_TITLES,
  type Directory,
  type DirectoryId,
  type Member,
  type MemberRef,
  SEARCH_LIMIT,
  type UserChatSettings,
} from "./protocol.ts";

interface Person {
  user: User;
  settings: UserChatSettings;
}

// Users change through identity/ (which moves the auth epoch), chat settings here.
const people = cachedValue({
  name: "chat_people",
  versionKeys: [cacheVersionKey("chat_people"), AUTH_EPOCH_KEY],
  maxAgeMs: 60_000,
  load: loadEveryone,
});

async function loadEveryone(): Promise<Map<number, Person>> {
  const settings = new Map<number, UserChatSettings>();
  for await (const entry of db().list<UserChatSettings>({ prefix: ["chat_settings"] })) {
    settings.set(entry.key[1] as number, { ...DEFAULT_SETTINGS, ...entry.value });
  }
  const byId = new Map<number, Person>();
  for await (const entry of db().list<User>({ prefix: ["users"] })) {
    const user = entry.value;
    byId.set(user.id, { user, settings: settings.get(user.id) ?? DEFAULT_SETTINGS });
  }
  return byId;
}

export const refOf = (user: Pick<User, "id" | "chatType">): MemberRef => ({
  id: user.id,
  type: user.chatType,
});

/** The person as a member of `type` (a ref's type may differ from the person's chat type). */
function memberOf({ user, settings }: Person, type: MemberRef["type"]): Member {
  return {
    id: user.id,
    type,
    name: user.name,
    icon: user.image,
    title: settings.title ?? DEFAULT_MEMBER_TITLES[user.chatType],
  };
}

function toChatUser(person: Person): ChatUser {
  return { ...memberOf(person, person.user.chatType), email: person.user.email };
}

const unknownMember = (ref: MemberRef): Member => ({
  ...ref,
  name: `#${ref.id}`,
  icon: null,
  title: DEFAULT_MEMBER_TITLES[ref.type],
});

/**
 * Makes sure `memberNow` answers from the current people (one version check; a reload of everyone only after a
 * user, role or chat-settings change, in any process).
 */
export async function loadPeople(): Promise<void> {
  await people.get();
}

/** A member as last loaded; `loadPeople()` first. Unknown ids get a placeholder rather than failing a frame. */
export function memberNow(ref: MemberRef): Member {
  const person = people.peek()?.get(ref.id);
  return person ? memberOf(person, ref.type) : unknownMember(ref);
}

export async function chatUser(userId: number): Promise<ChatUser | null> {
  const person = (await people.get()).get(userId);
  return person ? toChatUser(person) : null;
}

/** The person's user record if they may chat (exists, not disabled, the type matches). */
export async function chatPerson(ref: MemberRef): Promise<User | null> {
  const person = (await people.get()).get(ref.id);
  return person && !person.user.disabled && person.user.chatType === ref.type ? person.user : null;
}

const findable = (p: Person, me: number) =>
  p.user.id !== me && !p.user.disabled && p.settings.visibility !== "hidden";

/**
 * SPEC §5: an empty keyword answers an empty list. Matches names (both languages); an e-mail address finds its
 * person only when typed whole, so no fragment ("@uni") lists everyone's. The answer is what a chat user needs
 * to pick someone (name, title, type, icon), never their e-mail.
 */
export async function searchUsers(keyword: string, me: number): Promise<Member[]> {
  const needle = keyword.trim().toLocaleLowerCase();
  if (!needle) return [];
  const found: Member[] = [];
  for (const person of (await people.get()).values()) {
    if (!findable(person, me)) continue;
    const { name, nameEn, email } = person.user;
    if (`${name}\n${nameEn}`.toLocaleLowerCase().includes(needle) || email.toLocaleLowerCase() === needle) {
      found.push(memberOf(person, person.user.chatType));
    }
    if (found.length >= SEARCH_LIMIT) break;
  }
  return found;
}

const DIRECTORY_OF: Record<User["chatType"], DirectoryId> = {
  user: "administration",
  prof: "professors",
  student: "students",
};
const DIRECTORY_NAMES: Record<DirectoryId, string> = {
  administration: "ადმინისტრაცია",
  professors: "პროფესორები",
  students: "სტუდენტები",
};

/** Where a person is listed follows their type (from their guard), never what they chose to claim. */
const directoryOf = (p: Person) => DIRECTORY_OF[p.user.chatType];

export async function directories(me: number): Promise<Directory[]> {
  const counts = new Map<DirectoryId, number>();
  for (const person of (await people.get()).values()) {
    if (findable(person, me)) counts.set(directoryOf(person), (counts.get(directoryOf(person)) ?? 0) + 1);
  }
  return (Object.keys(DIRECTORY_NAMES) as DirectoryId[]).map((id) => ({
    id,
    name: DIRECTORY_NAMES[id],
    count: counts.get(id) ?? 0,
  }));
}

export async function directoryUsers(directory: DirectoryId, page: number, me: number) {
  const all = [...(await people.get()).values()]
    .filter((p) => findable(p, me) && directoryOf(p) === directory)
    .sort((a, b) => a.user.name.localeCompare(b.user.name, "ka"));
  const start = (page - 1) * SEARCH_LIMIT;
  return {
    users: all.slice(start, start + SEARCH_LIMIT).map((p) => memberOf(p, p.user.chatType)),
    total: all.length,
  };
}

export async function getChatSettings(userId: number): Promise<UserChatSettings> {
  const entry = await db().get<UserChatSettings>(keys.settings(userId));
  return { ...DEFAULT_SETTINGS, ...entry.value };
}

/**
 * Refuses what would present the person as of another type: another type's directory, or another type's
 * default title as their own (a student titled "ადმინისტრაცია" in the staff directory).
 */
function checkPresentation(me: MemberRef, change: Partial<UserChatSettings>) {
  if (change.directory && change.directory !== DIRECTORY_OF[me.type]) {
    throw invalid({ directory: { key: "chat.errors.notYourDirectory" } });
  }
  const title = change.title?.trim().toLocaleLowerCase();
  const claimed = Object.entries(DEFAULT_MEMBER_TITLES).some(([type, text]) =>
    type !== me.type && title === text.toLocaleLowerCase()
  );
  if (claimed) throw invalid({ title: { key: "chat.errors.notYourTitle" } });
}

/** Saves the person's own settings, audited as `chat_settings/userId`. */
export async function setChatSettings(me: MemberRef, change: Partial<UserChatSettings>) {
  checkPresentation(me, change);
  const userId = me.id;
  const saved = await untilCommitted(async () => {
    const entry = await db().get<UserChatSettings>(keys.settings(userId));
    const before = { ...DEFAULT_SETTINGS, ...entry.value };
    const after: UserChatSettings = { ...before, ...change };
    const atomic = db().atomic().check(entry).set(keys.settings(userId), after);
    addAudit(atomic, {
      entity: "chat_settings",
      entityId: userId,
      actor: userId,
      action: "update",
      before,
      after,
    });
    return (await atomic.commit()).ok ? after : RETRY;
  });
  await people.changed();
  return saved;
}

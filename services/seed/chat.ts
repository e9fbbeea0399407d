/**
 * Demo chat history between the demo accounts (admin, staff, prof, student): direct rooms and groups with
 * messages spread over the last days, some read and some not, so the widget shows every seen state at once.
 * Written through the same append as live messages (services/chat/log.ts), so the log is the only truth.
 */
import { append } from "../chat/log.ts";
import { refOf } from "../chat/people.ts";
import type { MemberRef } from "../chat/protocol.ts";
import { createChat } from "../chat/rooms.ts";
import { findUserByEmail } from "../identity/users.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

type Who = "admin" | "staff" | "prof" | "student";

interface DemoRoom {
  members: Who[];
  title?: string;
  /** [author, text, minutes before now]; then who has read up to the end. */
  lines: [Who, string, number][];
  readBy: Who[];
}

const HOUR = 60;
const DAY = 24 * HOUR;

const ROOMS: DemoRoom[] = [
  {
    members: ["staff", "prof"],
    lines: [
      ["staff", "გამარჯობა, ქალბატონო ნინო!", 2 * DAY],
      ["prof", "გამარჯობა, მარიამ.", 2 * DAY - 5],
      ["staff", "სილაბუსი განახლდა? რეგისტრაცია ორშაბათს იხსნება.", 2 * DAY - 7],
      ["prof", "დიახ, ხვალ ავტვირთავ.", DAY],
      ["staff", "მადლობა! 🙏", 3 * HOUR],
      ["staff", "ცხრილში აუდიტორია 204 შეიცვალა 310-ით.", 40],
    ],
    readBy: ["staff"],
  },
  {
    members: ["staff", "student"],
    lines: [
      ["student", "გამარჯობა, ცნობა მჭირდება სტუდენტის სტატუსზე.", DAY + 2 * HOUR],
      ["staff", "გამარჯობა, ცნობა მზად იქნება ხვალ 12 საათზე.", DAY + HOUR],
      ["student", "დიდი მადლობა!", DAY],
    ],
    readBy: ["staff", "student"],
  },
  {
    members: ["admin", "staff"],
    lines: [
      ["admin", "მარიამ, ახალი სემესტრის ჯგუფები შევქმენი.", 5 * HOUR],
      ["staff", "ვნახე, ყველაფერი რიგზეა.", 4 * HOUR],
    ],
    readBy: ["admin"],
  },
  {
    members: ["admin", "staff", "prof", "student"],
    title: "სასწავლო პროცესი",
    lines: [
      ["admin", "კეთილი იყოს თქვენი მობრძანება ჯგუფში.", 3 * DAY],
      ["staff", "აქ გამოვაქვეყნებთ ცვლილებებს ცხრილში.", 3 * DAY - 2],
      ["prof", "შუალედური გამოცდა 14 ნოემბერს იქნება.", DAY + 3 * HOUR],
      ["student", "აუდიტორია უკვე ცნობილია?", DAY + 2 * HOUR],
      ["staff", "ჯერ არა, ხვალ დავაზუსტებთ.", DAY + 2 * HOUR - 4],
      ["prof", "👍", 20],
    ],
    readBy: ["prof", "staff"],
  },
  {
    members: ["prof", "student", "staff"],
    title: "კალკულუსი I",
    lines: [
      ["prof", "დავალება #3 ატვირთულია.", 6 * HOUR],
      ["student", "ვადა პარასკევია?", 5 * HOUR],
      ["prof", "დიახ, პარასკევი 18:00.", 5 * HOUR - 3],
    ],
    readBy: ["prof", "student"],
  },
];

export const chatSeed: SeedPart = {
  name: "chat",
  async run() {
    const people = new Map<Who, MemberRef>();
    for (const who of ["admin", "staff", "prof", "student"] as Who[]) {
      const user = await findUserByEmail(DEMO_ACCOUNTS[who].email);
      if (!user) return; // the accounts part did not run: nothing to talk between
      people.set(who, refOf(user));
    }
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    for (const room of ROOMS) {
      const [creator, ...others] = room.members.map((w) => people.get(w)!);
      const startedAt = ago(room.lines[0][2] + 1);
      const { chatId } = await createChat(creator, others, { title: room.title, at: startedAt });
      let last = 0;
      for (const [who, text, minutes] of room.lines) {
        const result = await append({
          roomId: chatId,
          actor: people.get(who)!,
          at: ago(minutes),
          body: { type: "message_sent", messageType: "TEXT", text },
        });
        last = result.seq!;
      }
      for (const who of room.readBy) {
        await append({
          roomId: chatId,
          actor: people.get(who)!,
          at: ago(1),
          body: { type: "messages_seen", upTo: last, messageIds: [last] },
        });
      }
    }
  },
};

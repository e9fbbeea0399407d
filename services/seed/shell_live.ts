/** Demo data for the shell's live parts: mailbox and chancellery items (the menu badges) and open polls. */
import { addBoxItem, type NewBoxItem } from "../shell/mailboxes.ts";
import { savePoll } from "../shell/polls.ts";
import { findUserByEmail } from "../identity/users.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

const DAY = 24 * 3600 * 1000;

const INBOX: NewBoxItem[] = [
  {
    title: "სასწავლო განრიგი შემოდგომის სემესტრისთვის",
    sender: "სასწავლო დეპარტამენტი",
    body: "შემოდგომის სემესტრის ცხრილი გამოქვეყნებულია: გთხოვთ, გადაამოწმოთ თქვენი ლექციები და სემინარები.",
  },
  {
    title: "შეხვედრა ფაკულტეტის საბჭოზე",
    sender: "დეკანატი",
    body: "ფაკულტეტის საბჭოს შეხვედრა გაიმართება ხუთშაბათს, 15:00 საათზე, 204-ე აუდიტორიაში.",
  },
  {
    title: "ბიბლიოთეკის ახალი წესები",
    sender: "ბიბლიოთეკა",
    body: "წიგნის დაბრუნების ვადა ორი კვირაა; ვადის გაგრძელება შესაძლებელია ერთხელ.",
  },
];
const CHANCELLERY: NewBoxItem[] = [
  {
    title: "ბრძანება №112: სემესტრის დაწყება",
    sender: "კანცელარია",
    body: "რექტორის ბრძანებით შემოდგომის სემესტრი იწყება 15 სექტემბერს.",
  },
  {
    title: "წერილი სამინისტროდან",
    sender: "კანცელარია",
    body: "სამინისტრო ითხოვს აკრედიტაციის ანგარიშს თვის ბოლომდე.",
  },
];

export const shellLiveSeed: SeedPart = {
  name: "shell-live",
  async run() {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await findUserByEmail(account.email);
      if (!user) continue;
      for (const item of INBOX) await addBoxItem("inbox", user.id, item, null);
      // The chancellery handles staff documents: the administrative (custom) accounts have one.
      if (user.guard === "custom") {
        for (const item of CHANCELLERY) await addBoxItem("chancellery", user.id, item, null);
      }
    }
    const now = Date.now();
    const opensAt = new Date(now - 7 * DAY).toISOString();
    const closesAt = new Date(now + 60 * DAY).toISOString();
    await savePoll({
      id: 1,
      title: "კურსის შეფასება",
      titleEn: "Course evaluation",
      audience: ["user"],
      opensAt,
      closesAt,
      link: "/personal-vote",
    }, null);
    await savePoll({
      id: 2,
      title: "პერსონალის კმაყოფილების კვლევა",
      titleEn: "Staff satisfaction survey",
      audience: ["prof", "custom"],
      opensAt,
      closesAt,
      link: "/poll-response?poll=2",
    }, null);
  },
};

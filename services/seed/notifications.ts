/** A few notifications for each demo account, so the bell and the list have something to show. */
import { createNotification, type NewNotification } from "../notifications/mod.ts";
import { findUserByEmail } from "../identity/users.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

const DEMO_NOTIFICATIONS: NewNotification[] = [
  { kind: "system", title: "კეთილი იყოს თქვენი მობრძანება", body: "სისტემა მზად არის სამუშაოდ.", link: "/" },
  {
    kind: "statement",
    title: "ახალი განცხადება",
    body: "განცხადება ელოდება განხილვას.",
    link: "/notifications/statements",
  },
  { kind: "poll", title: "გამოკითხვა", body: "შეავსეთ კურსის შეფასების ფორმა.", link: "/vote-form" },
  { kind: "message", title: "ახალი შეტყობინება", body: "თქვენ გაქვთ წაუკითხავი შეტყობინება.", link: "" },
];

export const notificationsSeed: SeedPart = {
  name: "notifications",
  async run() {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await findUserByEmail(account.email);
      if (!user) continue;
      for (const notification of DEMO_NOTIFICATIONS) await createNotification(user.id, notification);
    }
  },
};

/** A demo announcement to the academic staff, already in their inboxes (the mailbox badge counts it). */
import { findUserByEmail } from "../identity/users.ts";
import { deliverMessage, sendMessage } from "../messages/store.ts";
import { EMPTY_AUDIENCE } from "../polls/model.ts";
import { resolveAudience } from "../polls/audience.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

export const messagesSeed: SeedPart = {
  name: "messages",
  async run() {
    const staff = await findUserByEmail(DEMO_ACCOUNTS.staff.email);
    const message = await sendMessage(
      {
        subject: "შემოდგომის სემესტრის საგამოცდო განრიგი",
        body:
          "ძვირფასო კოლეგებო, საგამოცდო განრიგი გამოქვეყნებულია. გთხოვთ, გადაამოწმოთ თქვენი საგნების თარიღები.",
        audience: { ...EMPTY_AUDIENCE, guards: ["prof"] },
      },
      staff?.name ?? "რეგისტრატურა",
      staff?.id ?? null,
    ).catch(() => null);
    if (!message) return; // no academic staff with an account
    // Delivered here rather than by the queue, so the demo shows it at once.
    for (const userId of (await resolveAudience(message.audience)).userIds) {
      await deliverMessage({ messageId: message.id, userId });
    }
  },
};

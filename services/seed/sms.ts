/**
 * Demo SMS history: two sendings to the demo student's program, delivered at seeding time through a stand-in
 * gateway that refuses a few numbers, so the log shows sent and failed messages and "resend failed" has work.
 */
import { setSmsProvider } from "../identity/sms_provider.ts";
import { findUserByEmail } from "../identity/users.ts";
import { EMPTY_AUDIENCE } from "../polls/model.ts";
import { deliverOne, sendSms } from "../sms/send.ts";
import { getStudent } from "../students/mod.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

const TEXTS = [
  "{firstName}, გამოცდების განრიგი გამოქვეყნდა. იხილეთ uniadmin-ში.",
  "{firstName}, გთხოვთ, შეავსოთ გამოკითხვა uniadmin-ში.",
];

export const smsSeed: SeedPart = {
  name: "sms",
  async run() {
    const student = await findUserByEmail(DEMO_ACCOUNTS.student.email);
    const record = student?.studentId ? await getStudent(student.studentId) : null;
    const staff = await findUserByEmail(DEMO_ACCOUNTS.staff.email);
    if (!record) return;
    let sent = 0;
    setSmsProvider({
      send: () => (++sent % 9 === 0 ? Promise.reject(new Error("ნომერი მიუწვდომელია")) : Promise.resolve()),
    });
    try {
      for (const text of TEXTS) {
        const audience = { ...EMPTY_AUDIENCE, programIds: [record.value.programId] };
        const sending = await sendSms(text, audience, staff?.id ?? null);
        for (let n = 1; n <= sending.total; n++) await deliverOne({ sendingId: sending.id, n });
      }
    } finally {
      setSmsProvider(null);
    }
  },
};

/**
 * Who an SMS reaches and what each person reads: the audience filter of polls, resolved to people with a phone
 * (students' phones from the registry, staff's from their account), with the placeholders filled in.
 */
import { phoneOf } from "../notifications/consent.ts";
import { resolveAudience } from "../polls/audience.ts";
import type { PollAudience } from "../polls/model.ts";
import { getManyRecords } from "../db/reads.ts";
import type { User } from "../identity/users.ts";
import { studentStructure } from "../students/list_index.ts";

export interface Recipient {
  userId: number | null;
  studentId: number | null;
  name: string;
  firstName: string;
  lastName: string;
  program: string;
  phone: string;
}

export const PLACEHOLDERS = ["name", "firstName", "lastName", "program"] as const;

/** `{name}`, `{firstName}`, `{lastName}`, `{program}` replaced; any other brace text stays as written. */
export function render(text: string, r: Recipient): string {
  return text.replace(
    /\{(name|firstName|lastName|program)\}/g,
    (_, key: typeof PLACEHOLDERS[number]) => r[key],
  );
}

export interface FoundRecipients {
  recipients: Recipient[];
  /** People in the audience without a phone on file. */
  withoutPhone: number;
}

export async function recipientsOf(audience: PollAudience): Promise<FoundRecipients> {
  const [found, structure] = await Promise.all([resolveAudience(audience), studentStructure()]);
  const recipients: Recipient[] = [];
  let withoutPhone = 0;
  const studentUsers = new Set<number>();
  for (const row of found.students) {
    const s = row.student;
    if (s.userId !== null) studentUsers.add(s.userId);
    if (!s.phone) {
      withoutPhone++;
      continue;
    }
    recipients.push({
      userId: s.userId,
      studentId: s.id,
      name: `${s.firstNameKa} ${s.lastNameKa}`,
      firstName: s.firstNameKa,
      lastName: s.lastNameKa,
      program: structure.programs.get(s.programId)?.nameKa ?? "",
      phone: s.phone,
    });
  }
  const staffIds = found.userIds.filter((id) => !studentUsers.has(id));
  const [users, phones] = await Promise.all([
    getManyRecords<User>("users", staffIds),
    Promise.all(staffIds.map((id) => phoneOf(id))),
  ]);
  staffIds.forEach((id, i) => {
    const user = users[i]?.value;
    const phone = phones[i];
    if (!user || !phone) return void withoutPhone++;
    const [firstName, ...rest] = user.name.split(" ");
    recipients.push({
      userId: id,
      studentId: null,
      name: user.name,
      firstName,
      lastName: rest.join(" "),
      program: "",
      phone,
    });
  });
  return { recipients, withoutPhone };
}

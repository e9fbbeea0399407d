/**
 * The first administrator of a real installation (`deno task admin`): user id 1, who holds every key, with a
 * random password that only the person running the command sees. There is no default account with a known
 * password: the demo university's accounts exist only where the demo was asked for (SEED=demo).
 */
import { generatePassword, hashPassword } from "./passwords.ts";
import { listRecords } from "../db/reads.ts";
import { createUser, normalizeEmail, SUPER_ADMIN_ID, type User } from "./users.ts";

/** Long enough that it need not be changed at once, short enough to type from a terminal. */
const FIRST_PASSWORD_LENGTH = 16;

export interface FirstAdmin {
  user: User;
  password: string;
}

/** True while nobody can sign in: the KV holds no user at all (neither the demo's nor a first administrator). */
export async function hasNoUsers(): Promise<boolean> {
  return (await listRecords("users", { limit: 1 })).items.length === 0;
}

/**
 * Creates the administrator, or returns null when the KV has users already: a second run never makes another
 * all-powerful account (the administrator adds people on the permissions screen).
 */
export async function createFirstAdmin(
  input: { email: string; name?: string; nameEn?: string },
): Promise<FirstAdmin | null> {
  if (!(await hasNoUsers())) return null;
  const password = generatePassword(FIRST_PASSWORD_LENGTH);
  const user = await createUser({
    guard: "custom",
    chatType: "user",
    email: normalizeEmail(input.email),
    name: input.name ?? "ადმინისტრატორი",
    nameEn: input.nameEn ?? input.name ?? "Administrator",
    image: null,
    hrUserId: null,
    studentId: null,
    roleIds: [],
    linkedAccountIds: [],
    passwordHash: await hashPassword(password),
    disabled: false,
  }, null);
  // Every key comes with id 1 (users.ts); another id means a user was created meanwhile by someone else.
  if (user.id !== SUPER_ADMIN_ID) {
    throw new Error(`the new account got id ${user.id}, not ${SUPER_ADMIN_ID}, so it is no administrator`);
  }
  return { user, password };
}

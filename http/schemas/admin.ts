/** Request and response shapes of the administration operations (users, professors, roles, parameters, menu). */
import { z } from "@hono/zod-openapi";
import { AUTH_PARAM_LIMITS as L } from "../../services/identity/params.ts";
import { MENU_MAX_ROWS } from "../../services/shell/menu_store.ts";
import { IdText, Versionstamp } from "./timetable.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Guard = z.enum(["user", "prof", "custom"]);
const Name = z.string().trim().min(1).max(100);
const Email = z.string().trim().min(1).max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);

export const AccountListQuery = z.strictObject({
  text: z.string().max(100).optional(),
  students: z.enum(["0", "1"]).optional().openapi({ description: "1: include student accounts (users tab)" }),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

const AccountFields = {
  name: Name.openapi({ example: "ნინო ბერიძე" }),
  nameEn: Name.openapi({ example: "Nino Beridze" }),
  guard: Guard,
  roleIds: z.array(Id).max(50),
  hrUserId: Id.nullable().default(null),
};

export const AccountAdd = z.strictObject({ email: Email, ...AccountFields }).openapi("AccountInput");
// An edit replaces the record: without the versionstamp it was read at, a concurrent edit would be lost.
export const AccountEdit = z.strictObject({ ...AccountFields, versionstamp: Versionstamp })
  .openapi("AccountEdit");
export const VersionQuery = z.strictObject({ versionstamp: Versionstamp });
export const VersionBody = z.strictObject({ versionstamp: Versionstamp });

export const Account = z.object({
  id: z.number().int(),
  guard: Guard,
  student: z.boolean(),
  email: z.string(),
  name: z.string(),
  nameEn: z.string(),
  hrUserId: z.number().int().nullable(),
  roleIds: z.array(z.number().int()),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  versionstamp: z.string(),
}).openapi("Account");

export const AccountList = z.object({ data: z.array(Account), total: z.number().int() });
export const AccountCreated = z.object({
  account: Account,
  password: z.string().openapi({ description: "The generated initial password, shown once" }),
}).openapi("AccountCreated");
export const PasswordReset = z.object({ password: z.string() }).openapi("PasswordReset");

export const RoleBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  keys: z.array(z.string().max(200)).max(1000),
}).openapi("RoleInput");
export const RoleEditBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  keys: z.array(z.string().max(200)).max(1000),
  versionstamp: Versionstamp,
}).openapi("RoleEdit");
export const RoleView = z.object({
  id: z.number().int(),
  name: z.string(),
  keys: z.array(z.string()),
  userCount: z.number().int(),
  versionstamp: z.string(),
}).openapi("Role");
export const RoleList = z.object({ data: z.array(RoleView) });
export const WhoQuery = z.strictObject({ key: z.string().min(1).max(200) });
export const WhoCan = z.object({
  key: z.string(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    nameEn: z.string(),
    disabled: z.boolean(),
    roleIds: z.array(z.number().int()),
  })),
}).openapi("WhoCan");

const count = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);

export const AuthParams = z.strictObject({
  password: z.strictObject({
    minLength: count(L.passwordMinLength),
    refuseCommon: z.boolean(),
  }),
  sessionHours: count(L.sessionHours).nullable().openapi({ description: "null: unlimited" }),
  throttle: z.strictObject({
    accountMaxFailures: count(L.failures),
    addressMaxFailures: count(L.failures),
    windowSeconds: count(L.seconds),
    baseLockSeconds: count(L.seconds),
    maxLockSeconds: count(L.seconds),
  }),
  sms: z.strictObject({
    codeLength: z.literal(6),
    validityMinutes: count(L.validityMinutes),
    maxGuesses: count(L.maxGuesses),
  }),
  chat: z.strictObject({
    messagesPerMinute: count(L.perMinute),
    uploadsPerMinute: count(L.perMinute),
    roomsPerMinute: count(L.perMinute),
    memberChangesPerMinute: count(L.perMinute),
  }).optional().openapi({ description: "The chat's rate limits per person; absent: unchanged" }),
}).openapi("AuthParams");

const Text = (max: number) => z.string().trim().max(max);
export const MenuRow = z.strictObject({
  id: Id,
  titleKey: Text(100).min(1),
  route: Text(300).nullable(),
  href: Text(500).nullable(),
  match: Text(300).nullable(),
  icon: Text(50).min(1),
  permission: Text(200).nullable(),
  guards: z.array(z.enum(["user", "prof", "custom", "student"])).max(4).nullable(),
  parentId: Id.nullable(),
  order: z.number().int().min(0).max(100_000),
}).openapi("MenuRow");
export const MenuBody = z.strictObject({ rows: z.array(MenuRow).min(1).max(MENU_MAX_ROWS) }).openapi("Menu");

export { IdText };

/**
 * Named settings the screens read (API settingsGet): `["settings", name]`. Only the names listed here are
 * served — the same prefix also holds the authorization parameters and the side menu, which are not for
 * every signed-in person. `learningSystem.bookType` decides whether the courses list offers categories
 * (SPEC §2.4: the categories action shows only when it is 1).
 */
import { cachedValue } from "../db/cached_value.ts";
import { db } from "../db/kv.ts";

export interface LearningSystem {
  /** 1: courses are grouped in sub-course categories (the categories action shows). */
  bookType: number;
}

interface PublicSettings {
  learningSystem: LearningSystem;
}

export type PublicSettingName = keyof PublicSettings;

/** Values used while a setting was never stored; the demo data stores bookType 1. */
const DEFAULTS: PublicSettings = {
  learningSystem: { bookType: 1 },
};

export const PUBLIC_SETTINGS = Object.keys(DEFAULTS) as PublicSettingName[];

export function isPublicSetting(name: string): name is PublicSettingName {
  return (PUBLIC_SETTINGS as string[]).includes(name);
}

// The courses page reads learningSystem on every request (db/cached_value.ts: any process's write shows at once).
const cached = {
  learningSystem: cachedValue({
    name: "settings_learningSystem",
    maxAgeMs: 60_000,
    load: () => read("learningSystem"),
  }),
} satisfies { [N in PublicSettingName]: unknown };

async function read<N extends PublicSettingName>(name: N): Promise<PublicSettings[N]> {
  const entry = await db().get<PublicSettings[N]>(["settings", name]);
  return { ...DEFAULTS[name], ...(entry.value ?? {}) };
}

export function getSetting<N extends PublicSettingName>(name: N): Promise<PublicSettings[N]> {
  return cached[name].get() as Promise<PublicSettings[N]>;
}

/** Stores a setting (demo data, tests and administration); this process sees it at once. */
export async function setSetting<N extends PublicSettingName>(
  name: N,
  value: PublicSettings[N],
): Promise<void> {
  await cached[name].after(db().set(["settings", name], value));
}

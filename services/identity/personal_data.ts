/**
 * Personal data beyond the directory (issue 31, SPEC §6 `menu.personalInfo.view.*`): a person's name, title,
 * unit and work e-mail are directory data that every member of staff may read; private phone numbers, personal
 * numbers, birth dates, addresses and citizenship are shown — in pages, API responses and exports alike — only
 * to holders of the field's key, and to the person themself. Every screen asks this module, so that the rule
 * lives in one place.
 */

/** Each personal field and the key that shows it (the spec's `menu.personalInfo.view.country` is citizenship). */
export const PERSONAL_FIELD_KEYS = {
  phone: "menu.personalInfo.view.phone",
  personalNumber: "menu.personalInfo.view.personalNumber",
  birthDate: "menu.personalInfo.view.birthDate",
  address: "menu.personalInfo.view.address",
  citizenship: "menu.personalInfo.view.country",
} as const;

export type PersonalField = keyof typeof PERSONAL_FIELD_KEYS;
export const PERSONAL_FIELDS = Object.keys(PERSONAL_FIELD_KEYS) as PersonalField[];

/** Whoever asks: anything that can answer whether it holds a key (the request's AuthView). */
export interface KeyHolder {
  can(key: string): boolean;
}

/** The personal fields `viewer` may see of a record: all of them when the record is their own. */
export function visiblePersonalFields(viewer: KeyHolder, own = false): ReadonlySet<PersonalField> {
  return new Set(own ? PERSONAL_FIELDS : PERSONAL_FIELDS.filter((f) => viewer.can(PERSONAL_FIELD_KEYS[f])));
}

/**
 * The record without the personal fields `visible` leaves out: the fields are absent (not blank), so that a
 * response, a page and an export all say "not shown to you" the same way and an empty value still means empty.
 */
export function withoutHiddenPersonal<T extends object>(
  record: T,
  visible: ReadonlySet<PersonalField>,
): T {
  const out = { ...record } as Record<string, unknown>;
  for (const field of PERSONAL_FIELDS) {
    if (!visible.has(field)) delete out[field];
  }
  return out as T;
}

/**
 * An edit by someone who cannot see some personal fields keeps their stored values: the form never showed
 * them, so whatever it sent for them (usually nothing) is not the editor's intent.
 */
export function keepHiddenPersonal<T extends object>(
  input: T,
  current: object,
  visible: ReadonlySet<PersonalField>,
): T {
  const out = { ...input } as Record<string, unknown>;
  const stored = current as Record<string, unknown>;
  for (const field of PERSONAL_FIELDS) {
    if (!visible.has(field) && field in stored) out[field] = stored[field];
  }
  return out as T;
}

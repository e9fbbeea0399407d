/**
 * Display names of the structure's coded values, shared by the pages, islands and other screens.
 */
import { LEVELS, PROGRAM_STATUSES, TEACHING_LANGUAGES } from "../../utils/structure_values.ts";
import type { Translate } from "../../utils/i18n.ts";
import type { SelectOption } from "../ui/mod.ts";

export const levelName = (t: Translate, level: number) => t(`structure.levels.${level}`);
export const languageName = (t: Translate, code: string) => t(`structure.languages.${code}`);
export const statusName = (t: Translate, status: string) => t(`structure.statuses.${status}`);

export const levelOptions = (t: Translate): SelectOption[] =>
  LEVELS.map((level) => ({ value: String(level), label: `${level} · ${levelName(t, level)}` }));
export const languageOptions = (t: Translate): SelectOption[] =>
  TEACHING_LANGUAGES.map((code) => ({ value: code, label: languageName(t, code) }));
export const statusOptions = (t: Translate): SelectOption[] =>
  PROGRAM_STATUSES.map((status) => ({ value: status, label: statusName(t, status) }));

/**
 * Display names of the structure's coded values, shared by the pages, islands and other screens. The value
 * lists repeat the model's (islands do not import services); the types keep them in step.
 */
import type { Level, ProgramStatus, TeachingLanguage } from "../../services/academic_model.ts";
import type { Translate } from "../../utils/i18n.ts";
import type { SelectOption } from "../ui/mod.ts";

export const LEVEL_VALUES: readonly Level[] = [1, 2, 3, 4, 5, 6];
export const LANGUAGE_VALUES: readonly TeachingLanguage[] = ["ka", "en", "ru", "de", "fr"];
export const STATUS_VALUES: readonly ProgramStatus[] = ["active", "closed"];

export const levelName = (t: Translate, level: number) => t(`structure.levels.${level}`);
export const languageName = (t: Translate, code: string) => t(`structure.languages.${code}`);
export const statusName = (t: Translate, status: string) => t(`structure.statuses.${status}`);

export const levelOptions = (t: Translate): SelectOption[] =>
  LEVEL_VALUES.map((level) => ({ value: String(level), label: `${level} · ${levelName(t, level)}` }));
export const languageOptions = (t: Translate): SelectOption[] =>
  LANGUAGE_VALUES.map((code) => ({ value: code, label: languageName(t, code) }));
export const statusOptions = (t: Translate): SelectOption[] =>
  STATUS_VALUES.map((status) => ({ value: status, label: statusName(t, status) }));

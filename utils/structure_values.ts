/**
 * The structure's coded values, each listed once: the academic model, the structure rules, the API schemas and
 * the islands' pickers all read these (utils/, because the browser needs them and islands never import services).
 */

/** SPEC §3 levels: 1 bachelor, 2 master, 3 doctor, 4 single-cycle, 5 professional, 6 resident. */
export const LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type Level = typeof LEVELS[number];

export const TEACHING_LANGUAGES = ["ka", "en", "ru", "de", "fr"] as const;
export type TeachingLanguage = typeof TEACHING_LANGUAGES[number];

export const PROGRAM_STATUSES = ["active", "closed"] as const;
export type ProgramStatus = typeof PROGRAM_STATUSES[number];

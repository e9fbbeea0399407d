/** The choices of the audience filter (schools, programs, admission years) in the reader's language: server only. */
import { findStudents, studentStructure } from "../../services/students/list_index.ts";
import type { Lang } from "../../utils/i18n.ts";
import type { AudienceOptions } from "./audience_fields.tsx";

export async function audienceOptions(lang: Lang): Promise<AudienceOptions> {
  const [structure, found] = await Promise.all([studentStructure(), findStudents({}, { page: 1, limit: 1 })]);
  const name = (ka: string, en: string) => (lang === "en" ? en || ka : ka);
  return {
    schools: structure.schoolList.map((s) => ({ value: String(s.id), label: name(s.nameKa, s.nameEn) })),
    programs: structure.programList.map((p) => ({ value: String(p.id), label: name(p.nameKa, p.nameEn) })),
    years: found.admissionYears.map((y) => ({ value: String(y), label: String(y) })),
  };
}

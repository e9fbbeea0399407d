/**
 * Every supplement of a graduation year (optionally of one program) as one .zip: one PDF per graduate, named
 * by student id and Latin name, rendered one after another so that a large year costs memory for the archive
 * only. PDFs are compressed already, so the archive stores them as they are.
 */
import { zipSync } from "fflate";
import type { Lang } from "../../utils/i18n.ts";
import { listAlumni } from "./lists.ts";
import { supplementPdf } from "./supplement.ts";

export const BATCH_MAX = 2000;

export async function supplementBatch(year: number, lang: Lang, programId?: number): Promise<Uint8Array> {
  const alumni = (await listAlumni(year, programId)).slice(0, BATCH_MAX);
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const a of alumni) {
    const name = `${a.studentId}-${a.lastNameEn}-${a.firstNameEn}`.replace(/[^A-Za-z0-9-]+/g, "_");
    files[`${name}.pdf`] = [await supplementPdf(a.studentId, lang), { level: 0 }];
  }
  return zipSync(files);
}

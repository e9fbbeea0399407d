/** A program and a valid applicant for the admissions and lifecycle unit tests (a :memory: KV, no seed). */
import type { Program } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import type { ApplicantForm } from "./rules.ts";

export const PDF = new TextEncoder().encode("%PDF-1.4\n%test\n");
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export async function addProgram(id = 1, status: Program["status"] = "active"): Promise<Program> {
  const program: Program = {
    id,
    nameKa: "ბიზნესის ადმინისტრირება",
    nameEn: "Business Administration",
    code: `BA${id}`,
    schoolId: 1,
    level: 1,
    credits: 240,
    language: "ka",
    status,
  };
  await db().set(["programs", id], program);
  return program;
}

export const applicantForm = (overrides: Partial<ApplicantForm> = {}): ApplicantForm => ({
  personalNumber: "01001012345",
  firstNameKa: "ნინო",
  lastNameKa: "ბერიძე",
  firstNameEn: "Nino",
  lastNameEn: "Beridze",
  birthDate: "2007-05-14",
  citizenship: "GE",
  email: "nino@example.ge",
  phone: "+995 555 123 456",
  programId: "1",
  ...overrides,
});

export const bothDocuments = () => [
  { kind: "identity" as const, name: "id.pdf", bytes: PDF },
  { kind: "certificate" as const, name: "certificate.png", bytes: PNG },
];

/**
 * The courses list as a spreadsheet: every course the filter matches (not just one page), in the list's order,
 * with the list's visible columns — id, language code, name (in the language the picker shows), code, credit.
 */
import { type BookFilter, findBooks } from "./list_index.ts";
import type { XlsxCell } from "../files/xlsx_export.ts";
import { toXlsxOffThread } from "../files/xlsx_off_thread.ts";
import { withExportSlot } from "../files/export_slots.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

/** Made for `userId`, within their export slot (export_slots.ts). */
export function exportBooks(
  userId: number,
  filter: BookFilter,
  names: Lang,
  t: Translate,
): Promise<Uint8Array> {
  return withExportSlot(userId, () => build(filter, names, t));
}

async function build(filter: BookFilter, names: Lang, t: Translate): Promise<Uint8Array> {
  const { rows } = await findBooks(filter);
  const toRow = ({ book }: (typeof rows)[number]): XlsxCell[] => [
    book.id,
    book.langCode,
    names === "en" ? book.nameEng || book.name : book.name,
    book.code,
    book.credit,
  ];
  const headers = [
    t("books.fields.id"),
    t("books.fields.langCode"),
    t("books.fields.name"),
    t("books.fields.code"),
    t("books.fields.credit"),
  ];
  return toXlsxOffThread(t("books.title"), headers, rows, toRow);
}

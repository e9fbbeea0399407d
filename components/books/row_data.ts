/**
 * A courses row's course, as its actions' dialogs need it, carried in the row's markup (`data-book`) for the
 * actions island. Packed as an array: fifteen rows of keyed JSON, every quote written `&quot;` in an
 * attribute, cost the page 5 KB.
 */
import type { BookRowSummary } from "./dialog_props.ts";

type Packed = [number, string, string, string, number, 0 | 1, number, string];

export function packBook(book: BookRowSummary): string {
  const packed: Packed = [
    book.id,
    book.name,
    book.nameEng,
    book.code,
    book.credit,
    book.conditionStatus,
    book.componentCount,
    book.versionstamp,
  ];
  return JSON.stringify(packed);
}

export function unpackBook(data: string): BookRowSummary {
  const [id, name, nameEng, code, credit, conditionStatus, componentCount, versionstamp] = JSON.parse(
    data,
  ) as Packed;
  return { id, name, nameEng, code, credit, conditionStatus, componentCount, versionstamp };
}

/**
 * Amounts of money as people read and write them: GEL with at most two decimals, held as integer tetri
 * (1/100 GEL). Shared by the finance services, pages and islands. Parsing never goes through a float product
 * (12.35 * 100 = 1234.9999…): the digits are read as they are written.
 */

const AMOUNT_TEXT = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** Tetri of a GEL amount written as text ("1250", "1250.5", "1 250,50"); null when it is not one. */
export function parseGel(text: string): number | null {
  const m = AMOUNT_TEXT.exec(text.trim().replace(/[\s\u00a0']/g, ""));
  if (!m) return null;
  const tetri = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] ? -tetri : tetri;
}

/** "1,250.50" (en) or "1 250,50" (ka) for tetri; the currency is shown beside it. */
export function formatGel(tetri: number, lang: "ka" | "en" = "en"): string {
  const sign = tetri < 0 ? "-" : "";
  const abs = Math.abs(tetri);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, lang === "ka" ? " " : ",");
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}${whole}${lang === "ka" ? "," : "."}${cents}`;
}

/** Arithmetic on integer tetri; reading and writing amounts as text is utils/gel.ts. */
export { formatGel, parseGel } from "../../utils/gel.ts";

/** Splits tetri into `parts` whole-tetri installments that add up exactly (the first ones take the remainder). */
export function splitAmount(tetri: number, parts: number): number[] {
  const base = Math.floor(tetri / parts);
  const rest = tetri - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < rest ? 1 : 0));
}

/** `percent` of tetri, rounded half up to a whole tetri. */
export const percentOf = (tetri: number, percent: number) => Math.round((tetri * percent) / 100);

/**
 * How many SMS segments a text costs. GSM-7 (the GSM 03.38 alphabet; the extension characters take two septets)
 * carries 160 characters in one segment and 153 per part once concatenated; any other character (Georgian
 * among them) makes the whole message UCS-2: 70 characters, 67 per part (a character outside the BMP takes two).
 */
const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export type SmsEncoding = "gsm7" | "ucs2";

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Length in the encoding's units: septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

export const LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export function countSegments(text: string): SegmentCount {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENDED.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? "gsm7" : "ucs2";
  const units = gsm ? septets : text.length;
  const { single, part } = LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / part);
  return { encoding, units, segments };
}

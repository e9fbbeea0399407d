/**
 * WOFF 1.0 → the plain TrueType/OpenType file it wraps (W3C WOFF §3–5): each table inflated once. fontkit reads
 * a WOFF font by inflating a table again every time it reads from it, which made the supplement's subsetting
 * spend most of its time in zlib; given the plain file it reads memory.
 */
import { unzlibSync } from "fflate";

const WOFF = 0x774f4646; // "wOFF"

export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== WOFF) throw new Error("not a WOFF 1.0 font");
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? unzlibSync(stored) : stored;
    if (data.byteLength !== origLength) throw new Error("damaged WOFF table");
    return { tag: view.getUint32(at), checksum: view.getUint32(at + 16), data };
  });
  const headerLength = 12 + 16 * numTables;
  const padded = (n: number) => (n + 3) & ~3;
  const total = tables.reduce((sum, t) => sum + padded(t.data.byteLength), headerLength);
  const out = new Uint8Array(total);
  const sfnt = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, numTables);
  sfnt.setUint16(6, power * 16);
  sfnt.setUint16(8, Math.log2(power));
  sfnt.setUint16(10, numTables * 16 - power * 16);
  let offset = headerLength;
  for (const [i, table] of tables.entries()) {
    const record = 12 + i * 16;
    sfnt.setUint32(record, table.tag);
    sfnt.setUint32(record + 4, table.checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, table.data.byteLength);
    out.set(table.data, offset);
    offset += padded(table.data.byteLength);
  }
  return out;
}

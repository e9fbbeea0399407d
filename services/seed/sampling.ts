/** Drawing from the seeded `Random`: weighted choices, shuffles and bell curves, all deterministic. */
import { Random } from "./random.ts";

/** A generator of its own for one part of the data, so that changing one part never reshuffles another. */
export function fork(random: Random, salt: number): Random {
  return new Random((random.int(0, 0x7fffffff) ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
}

/** Picks an index with probability proportional to its weight. */
export function weightedIndex(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = random.next() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Shuffles in place (Fisher–Yates) and returns the array. */
export function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const swap = items[i];
    items[i] = items[j];
    items[j] = swap;
  }
  return items;
}

/** A normally distributed number (Box–Muller), clamped to [min, max]. */
export function normal(random: Random, mean: number, sd: number, min = -Infinity, max = Infinity): number {
  const u = 1 - random.next();
  const v = random.next();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.min(max, Math.max(min, mean + sd * z));
}

export const pad = (n: number, width: number) => String(n).padStart(width, "0");

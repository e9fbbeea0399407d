/**
 * The order of a round's measurements, and what each target's rate is compared with. The machine is shared and
 * its speed changes within seconds, while a round of every target lasts a minute: a target checked against bare
 * is measured between two bare measurements and compared with their mean (so that both sides see the same
 * moment), every other target with the bare measurement nearest before it.
 */

export interface Plannable {
  name: string;
  /** Compared with bare measured right before and right after it. */
  pairedWithBare?: boolean;
}

/** A round's measurements in order: `bare` first, then the targets, a bare measurement around each paired one. */
export function roundPlan<T extends Plannable>(bare: T, targets: readonly T[]): T[] {
  const plan: T[] = [bare];
  for (const target of targets) {
    if (target === bare) continue;
    if (target.pairedWithBare && plan.at(-1) !== bare) plan.push(bare);
    plan.push(target);
    if (target.pairedWithBare) plan.push(bare);
  }
  return plan;
}

/**
 * For each measurement of a round (`plan` and the `rates` measured, in order), the bare rate it is compared with:
 * bare's own rate for bare, the mean of its two neighbours for a paired target, else the latest bare before it.
 */
export function referenceRates<T extends Plannable>(
  bare: T,
  plan: readonly T[],
  rates: readonly number[],
): number[] {
  let latest = Number.NaN;
  return plan.map((target, i) => {
    if (target === bare) return latest = rates[i];
    if (target.pairedWithBare && plan[i + 1] === bare) return (latest + rates[i + 1]) / 2;
    return latest;
  });
}

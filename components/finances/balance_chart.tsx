/**
 * A student's balance over time as a step line (server-rendered SVG, no script): each step is a day with
 * entries; above the zero line the student owes. The table beside it says the same in numbers.
 */
import { formatGel } from "../../utils/gel.ts";
import type { Lang } from "../../utils/i18n.ts";
import { CURRENCY } from "./money.tsx";

const W = 640, H = 160, PAD = 24;

export function BalanceChart(
  { series, lang, label }: { series: { date: string; balance: number }[]; lang: Lang; label: string },
) {
  if (series.length < 2) return null;
  const values = series.map((p) => p.balance);
  const max = Math.max(0, ...values), min = Math.min(0, ...values);
  const span = max - min || 1;
  const y = (v: number) => PAD + ((max - v) / span) * (H - 2 * PAD);
  const x = (i: number) => PAD + (i / (series.length - 1)) * (W - 2 * PAD);
  let path = `M ${x(0)} ${y(values[0])}`;
  for (let i = 1; i < series.length; i++) path += ` H ${x(i)} V ${y(values[i])}`;
  const last = series[series.length - 1];
  return (
    <figure class="rounded border border-gray-200 bg-white p-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} class="h-40 w-full">
        <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} stroke="#9ca3af" stroke-dasharray="4 4" />
        <path d={path} fill="none" stroke="#1d4ed8" stroke-width="2" />
        <text x={PAD} y={14} font-size="11" fill="#374151">{formatGel(max, lang)} {CURRENCY[lang]}</text>
        <text x={PAD} y={H - 6} font-size="11" fill="#374151">{series[0].date}</text>
        <text x={W - PAD} y={H - 6} font-size="11" fill="#374151" text-anchor="end">{last.date}</text>
      </svg>
      <figcaption class="sr-only">{label}</figcaption>
    </figure>
  );
}

/**
 * One chart of the analytics screen, drawn with uPlot (npm `uplot`, bundled and served from this app) once the
 * island is in the browser: only this island imports the library, so no other page's bundle carries it
 * (tests/analytics_bundle_test.ts); on the server the module loads but draws nothing (it needs a DOM). The chart is a picture only (aria-hidden): its numbers are in the table the
 * server renders beside it (components/analytics/chart_card.tsx), for screen readers and for copying.
 */
import { useEffect, useRef } from "preact/hooks";
import UPlot from "uplot";

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface AnalyticsChartProps {
  /** Category names along the x axis, in the page's language. */
  categories: string[];
  series: ChartSeries[];
  /** Bars for counts per category; lines for series over time. */
  kind: "bars" | "lines";
  /** Values are tetri, drawn as GEL. */
  money?: boolean;
}

/** Distinguishable with every common colour-vision deficiency (Okabe–Ito), and ≥ 3:1 against white. */
export const CHART_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const HEIGHT = 220;
const AXIS_FONT = "12px 'Noto Sans Georgian', system-ui, sans-serif";
const LABEL_GAP = 8;

let measuring: CanvasRenderingContext2D | null = null;

/** `text`, or as much of it as fits in `width` CSS pixels followed by an ellipsis. */
function fitted(text: string, width: number): string {
  measuring ??= document.createElement("canvas").getContext("2d");
  if (!measuring) return text;
  measuring.font = AXIS_FONT;
  const fits = (candidate: string) => measuring!.measureText(candidate).width <= width;
  if (fits(text)) return text;
  const chars = [...text];
  let keep = chars.length - 1;
  while (keep > 1 && !fits(`${chars.slice(0, keep).join("").trimEnd()}…`)) keep--;
  return `${chars.slice(0, keep).join("").trimEnd()}…`;
}

export function AnalyticsChart({ categories, series, kind, money = false }: AnalyticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || categories.length === 0) return;
    const scale = money ? 100 : 1;
    const xs = categories.map((_, i) => i);
    const bars = UPlot.paths.bars!({ size: [0.7 / Math.max(1, series.length), 80] });
    const chart = new UPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: () => [-0.5, categories.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            splits: () => xs,
            // Long names (schools, programs) would run into each other: each is cut to its category's width;
            // the table beside the chart has them whole.
            values: (u, splits) => {
              const room = u.bbox.width / UPlot.pxRatio / Math.max(1, categories.length) - LABEL_GAP;
              return splits.map((i) => fitted(categories[i] ?? "", room));
            },
            font: AXIS_FONT,
            gap: 4,
            size: 40,
          },
          {
            values: (_u, splits) =>
              splits.map((v) => (v / scale).toLocaleString(document.documentElement.lang)),
          },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: CHART_COLORS[i % CHART_COLORS.length],
            fill: kind === "bars" ? CHART_COLORS[i % CHART_COLORS.length] : undefined,
            width: kind === "bars" ? 0 : 2,
            paths: kind === "bars" ? bars : undefined,
            points: { show: kind === "lines" },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    // uPlot's stylesheet (uPlot.min.css) positions its parts; the same rules here, set on the elements (CSSOM,
    // allowed by the CSP), spare every page a stylesheet that only this one needs.
    const style = (selector: string, rules: Partial<CSSStyleDeclaration>) =>
      el.querySelectorAll<HTMLElement>(selector).forEach((part) => Object.assign(part.style, rules));
    style(".u-wrap", { position: "relative" });
    style(".u-over, .u-under, .u-axis, .u-select", { position: "absolute" });
    style(".u-under", { overflow: "hidden" });
    style("canvas", { display: "block", position: "relative" });
    style(".u-off", { display: "none" });
    el.style.overflow = "hidden";
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT })
    );
    observer.observe(el);
    el.dataset.drawn = "true";
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [categories, series, kind, money]);
  return <div ref={box} aria-hidden="true" class="min-h-[220px] w-full" data-chart />;
}

import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { loadUPlot } from './loadUPlot';

/**
 * A chart drawn by uPlot (docs/decisions/038) on a canvas. The canvas is hidden from assistive
 * technology: the figures are the report's table view, which the caption points to; the legend
 * is text. uPlot itself is imported when a chart first shows, so neither the first screen nor a
 * report read only as a table loads it.
 */

/** One line or one set of bars: its name (legend) and a value per category (null: none). */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

export interface ChartSpec {
  kind: 'lines' | 'bars';
  /** The category of each position on the x axis (a day, a window), as shown. */
  categories: string[];
  series: ChartSeries[];
  /** A value on the y axis as shown (an amount, a count). */
  formatY: (value: number) => string;
}

/** Colours with at least 3:1 against the white background (WCAG 1.4.11), told apart by hue. */
export const SERIES_COLOURS = ['#4338ca', '#b45309', '#047857', '#be185d', '#1d4ed8', '#6b21a8', '#475569', '#a16207'];
const colourOf = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

const HEIGHT = 260;
const INK_SOFT = '#4f566b';
const GRID = '#e5e9f0';
/** At most this many labels under the x axis, each given this many CSS pixels; the rest of the days are between them. */
const X_LABELS = 8;
const LABEL_WIDTH = 64;
/** The y axis with its figures, in CSS pixels. */
const Y_AXIS_WIDTH = 80;

/**
 * The data and options of a spec. Bars of several series stand side by side: each category gets
 * one position per series and a gap, and its label sits under the middle of its group.
 */
function chartOf(UPlot: typeof uPlot, spec: ChartSpec, width: number): { options: uPlot.Options; data: uPlot.AlignedData } {
  const n = spec.categories.length;
  const s = spec.series.length;
  const bars = spec.kind === 'bars';
  const stride = bars ? s + 1 : 1;
  const xs = bars ? spec.categories.flatMap((_, c) => spec.series.map((__, j) => c * stride + j)) : spec.categories.map((_, c) => c);
  const ys = spec.series.map((series, j) => (bars ? spec.categories.flatMap((_, c) => spec.series.map((__, k) => (k === j ? (series.values[c] ?? null) : null))) : series.values));
  const centre = (c: number) => c * stride + (bars ? (s - 1) / 2 : 0);
  const labelAt = new Map(spec.categories.map((label, c) => [centre(c), label]));
  /** The categories labelled under the x axis at this width: every one that fits, evenly spaced. */
  const labelled = (chartWidth: number) => {
    const step = Math.max(1, Math.ceil(n / Math.max(2, Math.min(X_LABELS, Math.floor(chartWidth / LABEL_WIDTH)))));
    return spec.categories.map((_, c) => c).filter((c) => c % step === 0).map(centre);
  };
  const lastX = xs.at(-1) ?? 0;
  const barPaths = bars ? UPlot.paths.bars!({ size: [0.9, 48], align: 0 }) : undefined;
  return {
    data: [xs, ...ys] as uPlot.AlignedData,
    options: {
      width,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: () => (bars ? [-0.75, lastX + 0.75] : [0, Math.max(1, lastX)]) },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        { stroke: INK_SOFT, grid: { show: false }, ticks: { show: false }, splits: (u) => labelled(u.width - Y_AXIS_WIDTH), values: (_u, splits) => splits.map((x) => labelAt.get(x) ?? '') },
        { stroke: INK_SOFT, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, size: Y_AXIS_WIDTH, values: (_u, splits) => splits.map((y) => spec.formatY(y)) },
      ],
      series: [
        {},
        ...spec.series.map((series, j) => ({
          label: series.label,
          stroke: colourOf(j),
          width: 2,
          ...(bars ? { fill: colourOf(j), paths: barPaths, points: { show: false } } : { points: { show: n <= 62, size: 5 } }),
        })),
      ],
    },
  };
}

export function UPlotChart({ spec, caption }: { spec: ChartSpec; caption: string }) {
  const canvas = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void loadUPlot().then((UPlot) => {
      const host = canvas.current;
      if (gone || !host) return;
      const widthOf = () => Math.max(200, host.clientWidth);
      const { options, data } = chartOf(UPlot, spec, widthOf());
      chart = new UPlot(options, data, host);
      observer = new ResizeObserver(() => chart?.setSize({ width: widthOf(), height: HEIGHT }));
      observer.observe(host);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [spec]);
  return (
    <figure className="chart">
      <div ref={canvas} className="chart__canvas" aria-hidden="true" />
      <ul className="chart__legend">
        {spec.series.map((series, j) => (
          <li key={series.label} className="chart__legend-item">
            <span className="chart__swatch" aria-hidden="true" data-colour={j % SERIES_COLOURS.length} />
            {series.label}
          </li>
        ))}
      </ul>
      <figcaption className="chart__caption">{caption}</figcaption>
    </figure>
  );
}

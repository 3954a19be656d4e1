import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** A CSS colour variable's name, read when drawn so dark mode gets its own colours. */
  colorVar: string;
  format?: (value: number) => string;
}

interface TimeChartProps {
  title: string;
  /** Bucket starts, epoch ms. */
  times: number[];
  series: ChartSeries[];
  height?: number;
  /** Rates draw from 0 to 1. */
  yMax?: number;
}

const cssVar = (element: Element, name: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || '#888';

/**
 * A line chart over time drawn by uPlot (≈ 23 KB gzipped): made once per data shape, given new
 * data in place when the figures change, resized with its box. Times are shown in the author's
 * time zone (uPlot's default is the browser's).
 */
export function TimeChart({ title, times, series, height = 180, yMax }: TimeChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const shape = `${series.map((s) => s.label).join('|')}:${height}:${yMax ?? ''}`;

  useEffect(() => {
    const box = boxRef.current!;
    const axis = {
      stroke: cssVar(box, '--muted'),
      grid: { stroke: cssVar(box, '--grid-line') },
      ticks: { show: false },
    };
    const plot = new uPlot(
      {
        width: box.clientWidth || 300,
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: yMax ? { range: [0, yMax] } : { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          axis,
          {
            ...axis,
            size: 48,
            values: (_u, splits) => splits.map((v) => (series[0]?.format ? series[0].format(v) : String(v))),
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: cssVar(box, s.colorVar),
            width: 2,
            points: { show: true, size: 5 },
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : s.format ? s.format(v) : String(v)),
          })),
        ],
      },
      [[], ...series.map(() => [])],
      box,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: box.clientWidth, height }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // The chart is rebuilt only when its shape changes; data goes in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  useEffect(() => {
    plotRef.current?.setData([
      times.map((t) => t / 1000),
      ...series.map((s) => s.values),
    ] as uPlot.AlignedData);
  }, [times, series, shape]);

  return (
    <figure className="results-chart">
      <figcaption>{title}</figcaption>
      <div ref={boxRef} className="results-chart-plot" role="img" aria-label={title} />
    </figure>
  );
}

/**
 * A column chart for day-by-day figures drawn by Chartist (SVG): a column per day with its value on
 * top, a date under every nth column, inside ChartFrame (summary line + visually hidden table). Time
 * runs in reading order: newest day at the left end in Arabic, at the right end in English. At least
 * SLOT px per column, so a phone scrolls it sideways (opened at the newest days); a wide screen
 * stretches it.
 */
import { Box } from '@chakra-ui/react/box';
import { BarChart as ChartistBarChart } from 'chartist';
import { useEffect, useRef } from 'react';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { CHART_COLORS } from './chart-colors';
import { ChartFrame } from './chart-frame';
import './chart.css';

export interface BarDatum {
  label: string;
  value: number;
  /** Shorter label under the column (dates); defaults to label. */
  short?: string;
}

interface BarChartProps {
  title: string;
  data: BarDatum[];
  color?: string;
  /** Show every nth label under the columns (30 days: every 5th). */
  labelEvery?: number;
}

const SLOT = 22;
const HEIGHT = 200;

/** Draws the columns into `container`; returns the clean-up. */
function drawColumns(container: HTMLElement, data: BarDatum[], color: string, labelEvery: number, rtl: boolean) {
  const last = data.length - 1;
  const order = data.map((_, i) => (rtl ? last - i : i));
  const shown = order.map((i) => data[i]);
  const withLabel = order.map((i) => i % labelEvery === 0 || i === last);
  const chart = new ChartistBarChart(
    container,
    { labels: shown.map((d) => d.short ?? d.label), series: [shown.map((d) => d.value)] },
    {
      height: HEIGHT,
      low: 0,
      chartPadding: { top: 18, right: 2, bottom: 0, left: 2 },
      axisX: {
        showGrid: false,
        offset: 26,
        labelInterpolationFnc: (label, index) => (withLabel[index] ? label : null),
      },
      axisY: { showLabel: false, offset: 0, onlyInteger: true },
    },
  );
  chart.on('draw', (event) => {
    if (event.type !== 'bar') return;
    const datum = shown[event.index];
    const width = Math.min(28, (event.chartRect.width() / shown.length) * 0.72);
    event.element.attr({ style: `stroke: ${color}; stroke-width: ${width.toFixed(1)}px` });
    event.element.elem('title').text(`${datum.label}: ${datum.value}`);
    if (datum.value > 0) {
      event.group
        .elem('text', { x: event.x1, y: event.y2 - 4, 'text-anchor': 'middle' }, 'ct-bar-value')
        .text(String(datum.value));
    }
  });
  return () => {
    chart.detach();
  };
}

export function BarChart({ title, data, color = CHART_COLORS.green, labelEvery = 1 }: BarChartProps) {
  const { lang } = useDashboardT();
  const rtl = lang === 'ar';
  const ref = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // ChartFrame leaves the chart out when every figure is 0: then there is nothing to draw into.
  useEffect(() => {
    if (!ref.current) return;
    // On a phone only part of the month fits: show the newest days first (the left end in Arabic,
    // where scrollLeft runs negative; the right end in English). Browsers clamp the value.
    if (scroller.current) scroller.current.scrollLeft = (rtl ? -1 : 1) * scroller.current.scrollWidth;
    return drawColumns(ref.current, data, color, labelEvery, rtl);
  }, [data, color, labelEvery, rtl]);

  return (
    <ChartFrame title={title} data={data}>
      <Box ref={scroller} overflowX="auto" tabIndex={0} pb="1">
        <div ref={ref} className="agv-chart" role="img" aria-label={title} style={{ minWidth: data.length * SLOT }} />
      </Box>
    </ChartFrame>
  );
}

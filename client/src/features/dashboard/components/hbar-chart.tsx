/**
 * Horizontal bars for figures by category (users by type, stores by province, orders by status), drawn
 * by Chartist (SVG) inside ChartFrame: the names on the reading side (right in Arabic, left in English),
 * the bars growing away from them, each bar's value at its end. Fits the width of its card.
 */
import { BarChart as ChartistBarChart } from 'chartist';
import { useEffect, useRef } from 'react';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { CHART_COLORS } from './chart-colors';
import { ChartFrame } from './chart-frame';
import './chart.css';

interface HBarChartProps {
  title: string;
  data: { label: string; value: number }[];
  color?: string;
}

const ROW = 32;
const NAME_WIDTH = 112;
const VALUE_SPACE = 40;

/** Draws the bars into `container`; returns the clean-up. */
function drawBars(container: HTMLElement, data: HBarChartProps['data'], color: string, rtl: boolean) {
  // Chartist puts the first category at the bottom: reversed, the list reads top to bottom.
  const shown = [...data].reverse();
  const max = Math.max(1, ...shown.map((d) => d.value));
  // In Arabic the bars grow leftwards: drawn as negative values from a zero line on the right.
  const sign = rtl ? -1 : 1;
  const chart = new ChartistBarChart(
    container,
    { labels: shown.map((d) => d.label), series: [shown.map((d) => sign * d.value)] },
    {
      horizontalBars: true,
      height: data.length * ROW + 4,
      high: rtl ? 0 : max,
      low: rtl ? -max : 0,
      chartPadding: { top: 2, bottom: 2, left: rtl ? VALUE_SPACE : 4, right: rtl ? 4 : VALUE_SPACE },
      axisX: { showLabel: false, showGrid: false, offset: 0 },
      axisY: { offset: NAME_WIDTH, position: rtl ? 'end' : 'start', showGrid: false },
    },
  );
  chart.on('draw', (event) => {
    if (event.type !== 'bar') return;
    const datum = shown[event.index];
    event.element.attr({ style: `stroke: ${color}; stroke-width: ${Math.round(ROW * 0.55)}px` });
    event.element.elem('title').text(`${datum.label}: ${datum.value}`);
    event.group
      .elem(
        'text',
        // direction ltr: the anchor means the same side in both languages (the value is digits only).
        { x: event.x2 + sign * 6, y: event.y2 + 4, 'text-anchor': rtl ? 'end' : 'start', style: 'direction: ltr' },
        'ct-bar-value',
      )
      .text(String(datum.value));
  });
  return () => {
    chart.detach();
  };
}

export function HBarChart({ title, data, color = CHART_COLORS.green }: HBarChartProps) {
  const { lang } = useDashboardT();
  const rtl = lang === 'ar';
  const ref = useRef<HTMLDivElement>(null);

  // ChartFrame leaves the chart out when every figure is 0: then there is nothing to draw into.
  useEffect(() => {
    if (!ref.current) return;
    return drawBars(ref.current, data, color, rtl);
  }, [data, color, rtl]);

  return (
    <ChartFrame title={title} data={data}>
      <div ref={ref} className="agv-chart" role="img" aria-label={title} />
    </ChartFrame>
  );
}

/**
 * A small hand-written SVG column chart for day-by-day figures (no chart library in the bundle):
 * columns with their values, a date under every nth column, a text summary for screen readers and the
 * figures as a visually hidden table. Drawn at its natural size and scrolled sideways on phones;
 * time runs in reading order (right to left in Arabic).
 */
import { Box } from '@chakra-ui/react/box';
import { useDashboardT } from '../i18n/register';
import { ChartFrame } from './chart-frame';

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

const HEIGHT = 140;
const LABEL_SPACE = 22;
const TOP_SPACE = 16;
const SLOT = 22;

export function BarChart({ title, data, color = '#2f855a', labelEvery = 1 }: BarChartProps) {
  const { lang } = useDashboardT();
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = data.length * SLOT;
  const rtl = lang === 'ar';
  const x = (i: number) => (rtl ? width - (i + 1) * SLOT : i * SLOT);
  const full = TOP_SPACE + HEIGHT + LABEL_SPACE;

  return (
    <ChartFrame title={title} data={data}>
      <Box overflowX="auto" tabIndex={0} aria-label={title} pb="1">
        <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${full}`} width={width} height={full}>
          <title>{title}</title>
          <line x1="0" x2={width} y1={TOP_SPACE + HEIGHT} y2={TOP_SPACE + HEIGHT} stroke="#a0aec0" strokeWidth="1" />
          {data.map((d, i) => {
            const h = Math.round((d.value / max) * HEIGHT);
            const showLabel = i % labelEvery === 0 || i === data.length - 1;
            return (
              <g key={d.label}>
                <title>{`${d.label}: ${d.value}`}</title>
                <rect x={x(i) + 3} y={TOP_SPACE + HEIGHT - h} width={SLOT - 6} height={h} fill={color} rx="2" />
                {d.value > 0 && (
                  <text
                    x={x(i) + SLOT / 2}
                    y={TOP_SPACE + HEIGHT - h - 3}
                    textAnchor="middle"
                    fontSize="10"
                    fill="#1a202c"
                  >
                    {d.value}
                  </text>
                )}
                {showLabel && (
                  <text
                    x={x(i) + SLOT / 2}
                    y={TOP_SPACE + HEIGHT + 15}
                    textAnchor="middle"
                    fontSize="10"
                    fill="#4a5568"
                  >
                    {d.short ?? d.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </Box>
    </ChartFrame>
  );
}

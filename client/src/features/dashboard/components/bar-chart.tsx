/**
 * A small hand-written SVG bar chart (no chart library in the bundle): bars with their values, axis
 * labels, a text summary for screen readers and the figures as a visually hidden table.
 * Bars run in reading order (right to left in Arabic) through the logical direction of the SVG.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { useId } from 'react';
import { useDashboardT } from '../i18n/register';

export interface BarDatum {
  label: string;
  value: number;
  /** Shorter label under the bar (dates); defaults to label. */
  short?: string;
}

interface BarChartProps {
  title: string;
  data: BarDatum[];
  color?: string;
  /** Show every nth label under the bars (30 days: every 5th). */
  labelEvery?: number;
  valueLabel?: string;
}

const HEIGHT = 160;
const LABEL_SPACE = 34;
const TOP_SPACE = 16;

export function BarChart({ title, data, color = '#2f855a', labelEvery = 1, valueLabel }: BarChartProps) {
  const { t, lang } = useDashboardT();
  const headingId = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((n, d) => n + d.value, 0);
  const slot = 28;
  const width = Math.max(data.length * slot, 120);
  const rtl = lang === 'ar';
  const x = (i: number) => (rtl ? width - (i + 1) * slot : i * slot);
  const summary = t('stats.chartSummary', { title, total, max: Math.max(0, ...data.map((d) => d.value)) });

  return (
    <Box as="figure" bg="bg" borderWidth="1px" rounded="lg" p="4" m="0">
      <Heading as="h2" size="sm" mb="3" id={headingId}>
        {title}
      </Heading>
      {total === 0 ? (
        <Text color="fg.muted">{t('stats.noData')}</Text>
      ) : (
        <Box overflowX="auto">
          <svg
            role="img"
            aria-label={title}
            aria-describedby={`${headingId}-desc`}
            viewBox={`0 0 ${width} ${HEIGHT + LABEL_SPACE + TOP_SPACE}`}
            width="100%"
            style={{ minWidth: Math.min(width, 480), maxHeight: 260 }}
            preserveAspectRatio="none"
          >
            <title>{title}</title>
            <desc id={`${headingId}-desc`}>{summary}</desc>
            <line x1="0" x2={width} y1={TOP_SPACE + HEIGHT} y2={TOP_SPACE + HEIGHT} stroke="#a0aec0" strokeWidth="1" />
            {data.map((d, i) => {
              const h = Math.round((d.value / max) * HEIGHT);
              const showLabel = i % labelEvery === 0 || i === data.length - 1;
              return (
                <g key={d.label}>
                  <title>{`${d.label}: ${d.value}${valueLabel ? ` ${valueLabel}` : ''}`}</title>
                  <rect
                    x={x(i) + 4}
                    y={TOP_SPACE + HEIGHT - h}
                    width={slot - 8}
                    height={Math.max(h, d.value > 0 ? 2 : 0)}
                    fill={color}
                    rx="3"
                  />
                  {d.value > 0 && (
                    <text
                      x={x(i) + slot / 2}
                      y={TOP_SPACE + HEIGHT - h - 4}
                      textAnchor="middle"
                      fontSize="10"
                      fill="#1a202c"
                    >
                      {d.value}
                    </text>
                  )}
                  {showLabel && (
                    <text
                      x={x(i) + slot / 2}
                      y={TOP_SPACE + HEIGHT + 14}
                      textAnchor="middle"
                      fontSize="9"
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
      )}
      <Box as="table" srOnly>
        <caption>{title}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/**
 * The frame of a chart: its heading, a one-line summary, the chart, and the same figures as a visually
 * hidden table for screen readers. Shows 'no data yet' when every figure is 0.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, useId } from 'react';
import { useDashboardT } from '@/features/dashboard/lib/i18n';

interface ChartFrameProps {
  title: string;
  data: { label: string; value: number }[];
  children: ReactNode;
}

export function ChartFrame({ title, data, children }: ChartFrameProps) {
  const { t } = useDashboardT();
  const id = useId();
  const total = data.reduce((n, d) => n + d.value, 0);
  const max = Math.max(0, ...data.map((d) => d.value));
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" rounded="lg" p="4" minW="0">
      <Heading as="h2" size="sm" id={id}>
        {title}
      </Heading>
      <Text fontSize="xs" color="fg.muted" mb="3">
        {total === 0 ? t('stats.noData') : t('stats.chartSummary', { title, total, max })}
      </Text>
      {total > 0 && children}
      {/* A table grows to its rows whatever its height: the visually hidden box is a div around it. */}
      <Box srOnly>
        <table>
          <caption>{title}</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

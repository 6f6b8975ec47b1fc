/**
 * Horizontal bars for figures by category (users by type, stores by province, orders by status):
 * plain HTML, so long Arabic labels never overlap and the bars start from the reading side.
 */
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ChartFrame } from './chart-frame';

interface HBarChartProps {
  title: string;
  data: { label: string; value: number }[];
  color?: string;
}

export function HBarChart({ title, data, color = 'green.600' }: HBarChartProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <ChartFrame title={title} data={data}>
      <Stack gap="1.5" aria-hidden>
        {data.map((d) => (
          <HStack key={d.label} gap="2">
            <Text fontSize="sm" width="28" flexShrink={0} truncate title={d.label}>
              {d.label}
            </Text>
            <Box flex="1" bg="gray.100" rounded="sm" height="4">
              <Box bg={color} height="full" rounded="sm" width={`${(d.value / max) * 100}%`} />
            </Box>
            <Text fontSize="sm" fontWeight="bold" width="8" textAlign="end">
              {d.value}
            </Text>
          </HStack>
        ))}
      </Stack>
    </ChartFrame>
  );
}

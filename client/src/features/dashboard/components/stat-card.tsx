/** One headline figure of the statistics home. */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';

export function StatCard({
  label,
  value,
  color = 'green.700',
}: {
  label: string;
  value: number | string;
  color?: string;
}) {
  return (
    <Box bg="bg" borderWidth="1px" rounded="lg" p="4" borderTopWidth="4px" borderTopColor={color}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color={color}>
        {value}
      </Text>
    </Box>
  );
}

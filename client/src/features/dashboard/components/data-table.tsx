/**
 * The admin tables (SPEC.md §2): columns, rows, and previous/next paging. Below 600 px each row is a
 * card instead (issue 14 item 8): the first column as its title, every other column as a labelled line
 * (status included), the actions in full view at the bottom — nothing scrolls sideways. Loading, empty
 * and error-with-retry states come with it.
 */
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { tableRecipe } from '@/features/dashboard/lib/recipes';

/**
 * The actions column stays in view at the inline end while a wide table scrolls under md: opaque, in its
 * row's stripe (the rows under it must not show through). From md it is a plain cell: no colour of its
 * own, so a striped row is striped to its end.
 */
const pinned = {
  position: { base: 'sticky', md: 'static' },
  insetInlineEnd: '0',
  bg: { mdDown: 'bg' },
  boxShadow: { mdDown: '0 0 6px rgba(0,0,0,0.12)' },
  css: { 'tbody tr:nth-of-type(odd) > &': { bg: { mdDown: 'bg.muted' } } },
} as const;

/** Where the lists turn into cards. */
export const CARDS_QUERY = '(max-width: 599.98px)';

function subscribeNarrow(onChange: () => void): () => void {
  const list = globalThis.matchMedia?.(CARDS_QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True below 600 px (false where matchMedia is missing). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => globalThis.matchMedia?.(CARDS_QUERY).matches ?? false,
    () => false,
  );
}

function RowCards<T>({
  caption,
  columns,
  rows,
  rowKey,
}: Pick<DataTableProps<T>, 'caption' | 'columns' | 'rowKey'> & { rows: T[] }) {
  const [first, ...rest] = columns;
  const fields = rest.filter((c) => c.key !== 'actions');
  const actions = columns.find((c) => c.key === 'actions');
  return (
    <Stack as="ul" gap="3" aria-label={caption} data-testid="row-cards">
      {rows.map((row) => (
        <Box as="li" key={rowKey(row)} listStyleType="none" bg="bg" borderWidth="1px" rounded="lg" p="3" minW="0">
          <Stack gap="2">
            {first && first.key !== 'actions' && (
              <Box fontWeight="bold" overflowWrap="anywhere" minW="0">
                {first.cell(row)}
              </Box>
            )}
            {fields.length > 0 && (
              <Stack as="dl" gap="1" fontSize="sm">
                {fields.map((c) => (
                  <HStack key={c.key} gap="2" align="start" justify="space-between" minW="0">
                    <Text as="dt" color="fg.muted" flexShrink={0}>
                      {c.header}
                    </Text>
                    <Box as="dd" textAlign="end" minW="0" overflowWrap="anywhere">
                      {c.cell(row)}
                    </Box>
                  </HStack>
                ))}
              </Stack>
            )}
            {actions && (
              <Box borderTopWidth="1px" pt="2" display="flex" justifyContent="flex-end" flexWrap="wrap" gap="2">
                {actions.cell(row)}
              </Box>
            )}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-align numbers in LTR, left in RTL (logical end). */
  numeric?: boolean;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => number | string;
  error?: unknown;
  onRetry?: () => void;
  page?: number;
  lastPage?: number;
  onPage?: (page: number) => void;
  empty?: string;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  error,
  onRetry,
  page = 1,
  lastPage = 1,
  onPage,
  empty,
}: DataTableProps<T>) {
  const narrow = useNarrow();
  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;
  if (!rows) return <LoadingState />;
  if (rows.length === 0) return <EmptyState message={empty} />;
  if (narrow)
    return (
      <Box>
        <RowCards caption={caption} columns={columns} rows={rows} rowKey={rowKey} />
        {onPage && <Pager page={page} lastPage={lastPage} onChange={onPage} />}
      </Box>
    );
  return (
    <Box>
      <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg" tabIndex={0} aria-label={caption}>
        <Table.Root recipe={tableRecipe} size="sm" striped aria-label={caption}>
          <Table.Header>
            <Table.Row bg="green.50">
              {columns.map((c) => (
                <Table.ColumnHeader
                  key={c.key}
                  textAlign={c.numeric ? 'end' : 'start'}
                  whiteSpace="nowrap"
                  {...(c.key === 'actions' ? pinned : {})}
                  bg={c.key === 'actions' ? 'green.50' : undefined}
                >
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell
                    key={c.key}
                    textAlign={c.numeric ? 'end' : 'start'}
                    {...(c.key === 'actions' ? pinned : {})}
                  >
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {onPage && <Pager page={page} lastPage={lastPage} onChange={onPage} />}
    </Box>
  );
}

/**
 * The admin tables (SPEC.md §2): columns, rows, and previous/next paging; scrolls sideways on phones
 * instead of squeezing the columns. Loading, empty and error-with-retry states come with it.
 */
import { Box } from '@chakra-ui/react/box';
import { Table } from '@chakra-ui/react/table';
import type { ReactNode } from 'react';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { tableRecipe } from '../lib/recipes';

/** The actions column stays in view at the inline end while a wide table scrolls on a phone. */
const pinned = {
  position: { base: 'sticky', md: 'static' },
  insetInlineEnd: '0',
  bg: { base: 'bg', md: 'transparent' },
  boxShadow: { base: '0 0 6px rgba(0,0,0,0.12)', md: 'none' },
} as const;

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
  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;
  if (!rows) return <LoadingState />;
  if (rows.length === 0) return <EmptyState message={empty} />;
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

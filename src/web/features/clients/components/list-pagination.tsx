import { Button, Group, Text } from '@mantine/core';
import { buildPaginationWindow } from '../../../../domain/pagination-window';

type ListPaginationProps = { page: number; pageMax: number; label: string; onChange: (page: number) => void };

/** Previous, a window of 7 page numbers (first and last page links with ellipses around it) and Next. */
export function ListPagination({ page, pageMax, label, onChange }: ListPaginationProps) {
  const window = buildPaginationWindow(page, pageMax);
  const pageButton = (number: number) => (
    <Button
      key={number}
      size="compact-sm"
      variant={number === window.current ? 'filled' : 'subtle'}
      aria-label={`Page ${String(number)}`}
      aria-current={number === window.current ? 'page' : undefined}
      onClick={() => onChange(number)}
    >
      {number}
    </Button>
  );
  const ellipsis = (key: string) => (
    <Text key={key} size="sm" aria-hidden="true">
      …
    </Text>
  );
  return (
    <nav aria-label={label}>
      <Group gap={4}>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={!window.hasPrevious}
          onClick={() => onChange(window.current - 1)}
        >
          Previous
        </Button>
        {window.hasFirstLink && pageButton(1)}
        {window.hasStartEllipsis && ellipsis('start')}
        {window.pages.map(pageButton)}
        {window.hasEndEllipsis && ellipsis('end')}
        {window.hasLastLink && pageButton(window.pageMax)}
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={!window.hasNext}
          onClick={() => onChange(window.current + 1)}
        >
          Next
        </Button>
      </Group>
    </nav>
  );
}

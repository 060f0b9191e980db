import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import type { RoundClient } from '../../../../contracts/rounds';

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item === undefined || to < 0 || to > items.length - 1) return [...items];
  moved.splice(to, 0, item);
  return moved;
}

type PreferredOrderListProps = { clients: RoundClient[]; onReorder: (clients: RoundClient[]) => void };

/** The round's clients in order: dragged with the mouse (HTML5 drag and drop) or moved with the up/down buttons. */
export function PreferredOrderList({ clients, onReorder }: PreferredOrderListProps) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  function drop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    if (dragIndex !== null && dragIndex !== index) onReorder(moveItem(clients, dragIndex, index));
    setDragIndex(null);
    setOverIndex(null);
  }

  return (
    <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Delivery order">
      {clients.map((client, index) => (
        <Box
          component="li"
          key={client.key}
          draggable
          onDragStart={(event: DragEvent<HTMLLIElement>) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', client.key);
            setDragIndex(index);
          }}
          onDragOver={(event: DragEvent<HTMLLIElement>) => {
            event.preventDefault();
            setOverIndex(index);
          }}
          onDragEnd={() => {
            setDragIndex(null);
            setOverIndex(null);
          }}
          onDrop={(event: DragEvent<HTMLLIElement>) => drop(event, index)}
          px="sm"
          py={6}
          style={{
            border: `1px solid var(--mantine-color-${overIndex === index ? 'teal-6' : 'gray-3'})`,
            borderRadius: 4,
            cursor: 'grab',
            opacity: dragIndex === index ? 0.5 : 1,
          }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed" w={28} ta="right">
                {index + 1}.
              </Text>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {client.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {client.address}
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={`Move ${client.name} up`}
                disabled={index === 0}
                onClick={() => onReorder(moveItem(clients, index, index - 1))}
              >
                ▲
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={`Move ${client.name} down`}
                disabled={index === clients.length - 1}
                onClick={() => onReorder(moveItem(clients, index, index + 1))}
              >
                ▼
              </ActionIcon>
            </Group>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

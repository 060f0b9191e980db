import { Group, Table } from '@mantine/core';
import { EditRowButton } from '../../../components/edit-row-button';
import type { Label, Meal } from '../../../../contracts/meals';
import { LabelTag } from '../../../components/label-tag';

type MealsTableProps = { meals: Meal[]; labels: Label[]; onEdit: (meal: Meal) => void };

/** Category, Item, Labels (coloured tags), Status and an Edit button per meal. */
export function MealsTable({ meals, labels, onEdit }: MealsTableProps) {
  const colourByName = new Map(labels.map((label) => [label.name, label.colour]));
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Category</Table.Th>
          <Table.Th>Item</Table.Th>
          <Table.Th>Labels</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Edit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {meals.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>No meals found</Table.Td>
          </Table.Tr>
        )}
        {meals.map((meal) => (
          <Table.Tr key={meal.key}>
            <Table.Td>{meal.category}</Table.Td>
            <Table.Td>{meal.description}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {meal.labels.map((name) => (
                  <LabelTag key={name} name={name} colour={colourByName.get(name)} />
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{meal.active_ind ? 'Active' : 'Inactive'}</Table.Td>
            <Table.Td>
              <EditRowButton name={meal.description} onEdit={() => onEdit(meal)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

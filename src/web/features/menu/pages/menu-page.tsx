import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { weekIdOf } from '../../../../domain/weeks';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { openPrintWindow } from '../../../lib/print-window';
import { BlockedPrintNotice } from '../../../components/blocked-print-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { WeekPicker } from '../../../components/week-picker';
import { useMealCategories } from '../../../api/meal-categories';
import { useActiveMeals } from '../../../api/meals';
import { useSaveSchedule, useSchedule } from '../../../api/menu';
import { usePrintMenu } from '../../../api/print';
import { CopyMenuModal } from '../components/copy-menu-modal';
import { LabelTag } from '../../../components/label-tag';
import { FoodCategoriesSection } from '../components/food-categories-section';
import { MenuGrid } from '../components/menu-grid';
import { currentWeekId } from '../../../lib/calendar';
import { buildPrintBody, buildScheduleBody, type MenuChange } from '../menu-model';

/**
 * The week shown lives in the address (`?week=DD-MM-YYYY`, snapped to its Monday), so going back to the menu or
 * reloading it shows the week chosen; without one (or with a date that is not one) it is this week.
 */
function useWeekInAddress(rounds: Parameters<typeof currentWeekId>[0]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const weekId = weekIdOf(searchParams.get('week') ?? '') ?? currentWeekId(rounds);
  const setWeekId = (next: string) => setSearchParams({ week: next });
  return [weekId, setWeekId] as const;
}

export function MenuPage() {
  const { account } = useSession();
  const [weekId, setWeekId] = useWeekInAddress(account?.rounds);
  const [isCopyOpen, setIsCopyOpen] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [blockedPrintUrl, setBlockedPrintUrl] = useState<string | null>(null);

  const categories = useMealCategories();
  const activeMeals = useActiveMeals();
  const schedule = useSchedule(weekId);
  const saveSchedule = useSaveSchedule();
  const printMenu = usePrintMenu();

  async function changeMenu(change: MenuChange) {
    if (!schedule.data || saveSchedule.isPending) return;
    setErrorText(null);
    try {
      await saveSchedule.mutateAsync({ weekId, body: buildScheduleBody(schedule.data, change) });
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  async function printWeek() {
    if (!schedule.data || !categories.data) return;
    setErrorText(null);
    setBlockedPrintUrl(null);
    try {
      const body = buildPrintBody(schedule.data, categories.data, activeMeals.data?.labels ?? []);
      const { url } = await printMenu.mutateAsync(body);
      if (!openPrintWindow(url)) setBlockedPrintUrl(url);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  const isLoading = categories.isPending || activeMeals.isPending || schedule.isPending;
  const loadError = categories.error ?? activeMeals.error ?? schedule.error;
  const labels = activeMeals.data?.labels ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Weekly Menu</Title>
        <Group gap="sm" align="flex-end">
          <WeekPicker
            key={weekId}
            weekId={weekId}
            onWeekChange={(next) => {
              setWeekId(next);
              setBlockedPrintUrl(null);
            }}
          />
          <Button variant="default" disabled={!schedule.data} onClick={() => setIsCopyOpen(true)}>
            Copy
          </Button>
          <Button
            variant="default"
            disabled={!schedule.data || !categories.data}
            loading={printMenu.isPending}
            onClick={() => void printWeek()}
          >
            Print
          </Button>
        </Group>
      </Group>
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      <BlockedPrintNotice
        url={blockedPrintUrl}
        linkText="Open the menu PDF"
        onDismiss={() => setBlockedPrintUrl(null)}
      />
      {isLoading && !loadError && <Text>Loading...</Text>}
      <ErrorNotice text={loadError?.message} />
      {schedule.data && schedule.data.cycle_week !== null && (
        <Alert color="blue">
          {`Showing week ${schedule.data.cycle_week} of the menu cycle (from the week of ${schedule.data.source_week ?? ''}).`}{' '}
          Changing it saves a menu of this week&apos;s own.
        </Alert>
      )}
      {schedule.data && categories.data && activeMeals.data && (
        <>
          <Text size="sm">{`Week of ${schedule.data.week_start}${saveSchedule.isPending ? ' (saving...)' : ''}`}</Text>
          <MenuGrid
            schedule={schedule.data}
            categories={categories.data}
            activeMeals={activeMeals.data.meals}
            labels={labels}
            isSaving={saveSchedule.isPending}
            onChange={(change) => void changeMenu(change)}
          />
        </>
      )}
      {categories.data && <FoodCategoriesSection categories={categories.data} />}
      {labels.length > 0 && (
        <Group gap="xs">
          <Text size="sm" fw={700}>
            Labels:
          </Text>
          {labels.map((label) => (
            <LabelTag key={label.key} name={label.name} colour={label.colour} />
          ))}
        </Group>
      )}
      {isCopyOpen && schedule.data && (
        <CopyMenuModal fromWeekId={schedule.data.week_start} onClose={() => setIsCopyOpen(false)} />
      )}
    </Stack>
  );
}

import { z } from 'zod';

/** One recorded run of the round automation job (docs/architecture.md, "Maps and routing"). */
export const roundAutomationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  /** partly_failed: some days were left unchanged (listed in errors), the others were done. */
  status: z.enum(['running', 'succeeded', 'partly_failed', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  rounds: z.number().int(),
  days: z.number().int(),
  visits_changed: z.number().int(),
  errors: z.array(z.string()),
});
export type RoundAutomationRun = z.infer<typeof roundAutomationRunSchema>;

/** A round and day on which the run would publish new times. */
export const roundAutomationPreviewDaySchema = z.object({
  round_id: z.number().int(),
  round_name: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  visits_changed: z.number().int(),
});

/**
 * POST /api/route_automation/preview: what 'Run now' would do, worked out as the run does it but with nothing
 * published, so that the admin can confirm it. `enabled` is the daily run's switch ('Run now' works either way).
 */
export const roundAutomationPreviewSchema = z.object({
  enabled: z.boolean(),
  days_in_advance: z.number().int(),
  optimise_by: z.enum(['optimal', 'preferred']),
  /** YYYY-MM-DD: the first and last day covered (null without a round to run). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  rounds: z.number().int(),
  days: z.number().int(),
  visits_changed: z.number().int(),
  /** Only the days with a change, by round then date. */
  changed_days: z.array(roundAutomationPreviewDaySchema),
  errors: z.array(z.string()),
});
export type RoundAutomationPreview = z.infer<typeof roundAutomationPreviewSchema>;

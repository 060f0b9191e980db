import { z } from 'zod';

/** One recorded run of the route automation job (docs/architecture.md, "Maps and routing"). */
export const routeAutomationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'succeeded', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  rounds: z.number().int(),
  days: z.number().int(),
  visits_changed: z.number().int(),
  errors: z.array(z.string()),
});
export type RouteAutomationRun = z.infer<typeof routeAutomationRunSchema>;

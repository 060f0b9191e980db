import { z } from 'zod';

/**
 * A write to the CRM that the CRM has not confirmed: pending (waiting for the CRM, sent again automatically) or
 * failed (refused by the CRM or out of attempts; its change was undone). Done and dropped writes are not listed.
 */
export const sourceWriteSchema = z.object({
  id: z.number().int(),
  visit_id: z.number().int(),
  /**
   * visit_times: new start and end; visit_complete: completion; visit_premiums: meal premiums; visit_note: a
   * driver's not home, refused or concern outcome as a note on the visit; visit_cancel: a visit cancelled because
   * its day falls in a client hold, or put back when the hold no longer covers it.
   */
  kind: z.enum(['visit_times', 'visit_complete', 'visit_premiums', 'visit_note', 'visit_cancel']),
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  /** The CRM's last answer or why it could not be reached; empty before the first attempt. */
  message: z.string(),
  client_name: z.string(),
  /** The visit's day, YYYY-MM-DD. */
  date: z.string(),
  created_at: z.string(),
  next_attempt_at: z.string(),
});
export type SourceWrite = z.infer<typeof sourceWriteSchema>;

/** Where a write stands after the user sent it again. */
export const sourceWriteOutcomeSchema = z.object({
  id: z.number().int(),
  status: z.enum(['done', 'pending', 'failed']),
  message: z.string(),
});
export type SourceWriteOutcome = z.infer<typeof sourceWriteOutcomeSchema>;

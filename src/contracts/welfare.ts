import { z } from 'zod';
import { alertingOutcomes } from '../domain/driver-outcomes';
import { isValidEmail } from '../domain/validation';
import {
  defaultCheckOutcomes,
  findStepOrderError,
  resolutionOutcomes,
  welfareActions,
  welfareStepLimits,
} from '../domain/welfare-steps';
import { textSchema } from './common';

/** The alerting outcomes a check's clock may start on: all of them. */
export const checkOutcomeKinds = alertingOutcomes;

export const welfareStepSchema = z.strictObject({
  after_minutes: z
    .number('Enter the minutes.')
    .int('Enter whole minutes.')
    .min(0, 'Enter 0 or more minutes.')
    .max(welfareStepLimits.maxMinutes, `Enter at most ${String(welfareStepLimits.maxMinutes)} minutes.`),
  action: z.enum(welfareActions, 'Choose what the step does.'),
});

/** A manager on duty: the server answers the phone in E.164 (read in the account's region). */
export const dutyManagerSchema = z.strictObject({
  name: textSchema.trim().min(1, 'Enter the name.').max(100),
  email: textSchema
    .trim()
    .max(254)
    .refine((value) => value === '' || isValidEmail(value), 'Enter a valid email address.')
    .meta({ examples: ['manager@example.org'] }),
  phone: textSchema
    .trim()
    .max(40)
    .meta({ examples: ['0412 345 678'] }),
});
export type DutyManagerInput = z.infer<typeof dutyManagerSchema>;

/** `GET/PUT /api/settings/welfare`: the account's no-response procedure. */
export const welfareSettingsSchema = z.strictObject({
  steps: z
    .array(welfareStepSchema)
    .min(1, 'Add at least one step.')
    .max(welfareStepLimits.maxSteps, `At most ${String(welfareStepLimits.maxSteps)} steps.`)
    .superRefine((steps, context) => {
      const index = findStepOrderError(steps);
      if (index !== null)
        context.addIssue({
          code: 'custom',
          path: [index, 'after_minutes'],
          message: 'A step cannot come before the one above it: use as many minutes or more.',
        });
    }),
  check_outcomes: z
    .array(z.enum(checkOutcomeKinds))
    .max(checkOutcomeKinds.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'Choose each outcome once.'),
  managers: z.array(dutyManagerSchema).max(20, 'At most 20 managers on duty.'),
});
export type WelfareSettings = z.infer<typeof welfareSettingsSchema>;

export const defaultWelfareCheckOutcomes: WelfareSettings['check_outcomes'] = [...defaultCheckOutcomes];

/** `GET /api/reports/welfare?month=MM-YYYY`: a calendar month of the account's time zone (default: this month). */
export const welfareReportQuerySchema = z.strictObject({
  month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-\d{4}$/, 'Use a month as MM-YYYY.')
    .meta({ description: 'MM-YYYY', examples: ['11-2026'] })
    .optional(),
});

/** The checks opened in the month: how many were resolved, how long it took (minutes), what was found. */
export const welfareReportSchema = z.object({
  month: z.string(),
  opened: z.number().int(),
  resolved: z.number().int(),
  open: z.number().int(),
  median_minutes_to_resolve: z.number().nullable(),
  worst_minutes_to_resolve: z.number().int().nullable(),
  outcomes: z.record(z.enum(resolutionOutcomes), z.number().int()),
});
export type WelfareReport = z.infer<typeof welfareReportSchema>;

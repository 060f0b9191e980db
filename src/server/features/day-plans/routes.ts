import {
  dayAssignmentSchema,
  dayPlanApplySchema,
  dayPlanJobParamsSchema,
  dayPlanJobSchema,
  dayPlanParamsSchema,
  dayPlanRequestSchema,
} from '../../../contracts/day-plans';
import type { RegisterRoute } from '../../http/route';
import type { DayAssignmentService } from './assignment-service';
import type { DayPlanService } from './plan-service';

/** The day planner: plan jobs, and the applied assignment of a day. Any user of the account (ADR 0026). */
export function registerDayPlansRoutes(
  route: RegisterRoute,
  services: { plans: DayPlanService; assignments: DayAssignmentService },
) {
  const { plans, assignments } = services;

  route({
    method: 'POST',
    url: '/api/day_plans/:date/jobs',
    access: 'user',
    params: dayPlanParamsSchema,
    body: dayPlanRequestSchema,
    summary: "Starts planning the day's visits over the rounds given; answers the job to poll.",
    response: dayPlanJobSchema,
    handler: async ({ session, params, body }) => ({
      data: await plans.startPlan(session, params.date, body),
    }),
  });

  route({
    method: 'GET',
    url: '/api/day_plans/jobs/:job',
    access: 'user',
    params: dayPlanJobParamsSchema,
    summary: 'A planning job: its progress, and the plan once done.',
    response: dayPlanJobSchema,
    handler: async ({ session, params }) => ({ data: await plans.getJob(session, params.job) }),
  });

  route({
    method: 'DELETE',
    url: '/api/day_plans/jobs/:job',
    access: 'user',
    params: dayPlanJobParamsSchema,
    summary: 'Cancels a planning job (it keeps the best plan found so far).',
    response: dayPlanJobSchema,
    handler: async ({ session, params }) => ({
      data: await plans.cancelJob(session, params.job),
      meta: { message: 'Planning cancelled.' },
    }),
  });

  route({
    method: 'GET',
    url: '/api/day_plans/:date',
    access: 'user',
    params: dayPlanParamsSchema,
    summary: "The day's applied assignment, or null when every visit rides its usual round.",
    response: dayAssignmentSchema,
    handler: async ({ session, params }) => ({ data: await assignments.getAssignment(session, params.date) }),
  });

  route({
    method: 'PUT',
    url: '/api/day_plans/:date',
    access: 'user',
    params: dayPlanParamsSchema,
    body: dayPlanApplySchema,
    summary:
      "Applies a plan: each visit's round and stop for the day, and its new time published to the CRM.",
    response: dayAssignmentSchema,
    handler: async ({ session, params, body }) => {
      const { data, message } = await assignments.applyPlan(session, params.date, body);
      return { data, meta: { message: message || 'Plan applied.' } };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/day_plans/:date',
    access: 'user',
    params: dayPlanParamsSchema,
    summary: 'Undoes the day: every visit back on its usual round, with its earlier time published.',
    response: dayAssignmentSchema,
    handler: async ({ session, params }) => {
      const { data, message } = await assignments.undoPlan(session, params.date);
      return { data, meta: { message: message || 'Every visit is back on its usual round.' } };
    },
  });
}

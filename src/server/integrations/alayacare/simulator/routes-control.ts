import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimulatorFaults } from './faults';
import { parseBody } from './wire-format';

/** Not AlayaCare's: where a test (or a curious demo user) turns the simulator's fault modes on and off. */
export const simulatorControlPath = '/_simulator/faults';

const faultSettingsSchema = z.strictObject({
  isDown: z.boolean().optional(),
  latencyMs: z.number().min(0).max(120_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  status5xx: z.number().int().min(500).max(599).nullable().optional(),
  malformed: z.enum(['json', 'shape']).nullable().optional(),
});

/**
 * PUT sets some fault modes, DELETE clears them all; both answer the settings now in force. Behind the
 * simulator's Basic auth like every other route, and never subject to the faults it sets (so a simulator that
 * plays dead can still be brought back).
 */
export function registerControlRoutes(app: FastifyInstance, faults: SimulatorFaults): void {
  app.put(simulatorControlPath, async (request) => {
    const settings = parseBody(faultSettingsSchema, request.body);
    faults.setFaults(Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)));
    return faults.settings;
  });
  app.delete(simulatorControlPath, async () => {
    faults.resetFaults();
    return faults.settings;
  });
}

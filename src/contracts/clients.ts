import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const clientListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  filter: z.string().trim().max(200).default(''),
  /** 'all', 'none' (no round) or a round id. */
  filter_round: z
    .union([z.enum(['all', 'none']), z.string().regex(/^\d{1,9}$/, 'Use all, none or a round id.')])
    .default('all'),
  /** Sync from the CRM first (bounded wait). */
  sync: booleanFlag.optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientSchema = z.object({
  client_id: z.number().int(),
  /** The CRM's id: stable across syncs, used in preferred delivery orders. */
  key: z.string(),
  name: z.string(),
  url: z.string(),
  external_id: z.string(),
  external_status: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  round: z.string(),
  round_id: z.number().int().nullable(),
  labels: z.array(z.string()),
  dietary_requirements: z.string(),
  plan: z.string(),
  plan_dow: z.array(z.number().int()),
  delivery_instructions: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

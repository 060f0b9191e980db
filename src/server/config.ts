import { z } from 'zod';
import type { RequestLogLevel } from './http/request-log-controller';

const optionalUrl = z.union([z.literal(''), z.url()]).default('');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 for the embedded demo (its logins are public), else 0.0.0.0 (see loadConfig). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app (vite build's outDir); unset means the repository's dist/web. */
  WEB_ROOT: z.string().min(1).optional(),
  DATABASE_URL: z
    .union([
      z.literal(''),
      z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
    ])
    .default(''),
  APP_SECRET: z.union([z.literal(''), z.string().min(32, 'must be at least 32 characters')]).default(''),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z
    .union([z.literal(''), z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')])
    .default(''),
  MAIL_FROM: z.string().min(3).default('MealRounds <no-reply@mealrounds.test>'),
  CONTACT_WEBHOOK_URL: optionalUrl,
  PARENT_COMPANY_NAME: z.string().min(1).default('MealRounds'),
  PARENT_COMPANY_URL: z.url().default('https://mealrounds.example/'),
  HOWTO_VIDEO_URL: z.string().min(1).default('/media/howto.webm'),
  /** The client screen's map tiles: an {z}/{x}/{y} URL template of raster tiles (OpenStreetMap by default). */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .refine(
      (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
      'must be an http(s) URL template with {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  /**
   * Whether a CRM address (Settings > CMS Integration) may be a private one: loopback, private ranges, link-local
   * (the cloud metadata service) ... Unset: allowed only where the embedded demo serves its CRM simulator on
   * 127.0.0.1, refused everywhere else.
   */
  SOURCE_ALLOW_PRIVATE_HOSTS: z
    .enum(['', 'true', 'false'], { error: "must be 'true' or 'false'" })
    .default(''),
  /** Behind a load balancer, 'true' takes the client address from X-Forwarded-For (for per-IP limits). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Log in attempts per minute from one address (failures per username are throttled separately). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** A login session's absolute lifetime: a screen left open through a working day, then a new log in. */
  SESSION_LIFETIME_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(16),
  /** Travel between addresses: offline (no network), an OSRM server, or Google's APIs. */
  MAPS_PROVIDER: z.enum(['offline', 'osrm', 'google']).default('offline'),
  OSRM_URL: optionalUrl,
  /** The OSRM server's --max-table-size: the most coordinates one /table request may carry. */
  OSRM_MAX_TABLE_SIZE: z.coerce.number().int().min(2).max(10_000).default(100),
  GOOGLE_MAPS_API_KEY: z.string().default(''),
  /** A Nominatim-compatible geocoder for the osrm provider (else the built-in gazetteer). */
  GEOCODER_URL: optionalUrl,
  MAPS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The offline provider's urban driving speed. */
  MAPS_OFFLINE_SPEED_KMH: z.coerce.number().min(5).max(130).default(30),
  /** How long the day planner searches for a plan (ms): the answer comes within about this time. */
  DAY_PLAN_TIME_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * Tests only (NODE_ENV=test): the instant the server's clock starts at, with its offset; it runs on from there.
   * Browser journeys that depend on the time of day set it (and the same time in the browser).
   */
  CLOCK_START: z.union([z.literal(''), z.iso.datetime({ offset: true })]).default(''),
  /** How often each server runs the welfare checks' due steps (ms); the browser journeys shorten it. */
  WELFARE_STEPS_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(15_000),
  /**
   * The demo only: how long after a welfare message its simulated contact answers "OK" (ms); 0 = never (the
   * browser journeys reply themselves).
   */
  DEMO_SMS_AUTO_REPLY_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),
  /** When the daily round automation runs, Australia/Sydney time. */
  ROUTE_AUTOMATION_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)')
    .default('02:00'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'HOST'> & {
  HOST: string;
  /** Fastify's per-request lines: at debug on the embedded default, so the start-up lines stay readable. */
  requestLogLevel: RequestLogLevel;
  /** The embedded default: PGlite in DATA_DIR, demo data, mail to the log. */
  isEmbedded: boolean;
  shouldSeedDemo: boolean;
  /** SOURCE_ALLOW_PRIVATE_HOSTS, or its default: true only where the demo's CRM simulator runs on 127.0.0.1. */
  isSourcePrivateHostAllowed: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}.`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration: APP_SECRET is required when NODE_ENV=production (at least 32 characters).',
    );
  }
  if (config.CLOCK_START && config.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration: CLOCK_START is only for tests (NODE_ENV=test).');
  }
  if (config.MAPS_PROVIDER === 'osrm' && !config.OSRM_URL) {
    throw new ConfigError('Invalid configuration: OSRM_URL is required when MAPS_PROVIDER=osrm.');
  }
  if (config.MAPS_PROVIDER === 'google' && !config.GOOGLE_MAPS_API_KEY) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_MAPS_API_KEY is required when MAPS_PROVIDER=google.',
    );
  }
  const isEmbedded = !config.DATABASE_URL;
  const shouldSeedDemo =
    config.SEED_DEMO === 'yes' ||
    (config.SEED_DEMO === 'auto' && isEmbedded && config.NODE_ENV !== 'production');
  const isSourcePrivateHostAllowed = config.SOURCE_ALLOW_PRIVATE_HOSTS
    ? config.SOURCE_ALLOW_PRIVATE_HOSTS === 'true'
    : shouldSeedDemo;
  // The demo's logins are printed and in the README: only this machine may reach it unless HOST says otherwise.
  const host = config.HOST ?? (isEmbedded && shouldSeedDemo ? '127.0.0.1' : '0.0.0.0');
  return {
    ...config,
    HOST: host,
    isEmbedded,
    shouldSeedDemo,
    isSourcePrivateHostAllowed,
    requestLogLevel: isEmbedded ? 'debug' : 'info',
  };
}

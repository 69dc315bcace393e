import "server-only";

import { z } from "zod";

/**
 * The one place that reads process.env. Parsed once, on first use, with zod; every other module
 * imports `env()`. Empty strings count as unset so that `FOO=` in a .env file means "default".
 */
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const optionalFlag = z
  .preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).optional())
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));
const intWithDefault = (fallback: number, min = 0) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).optional()).transform((v) => v ?? fallback);
const numberWithDefault = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .preprocess(emptyAsUndefined, z.coerce.number().min(min).max(max).optional())
    .transform((v) => v ?? fallback);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: intWithDefault(3000, 1),
    /** Public origin of this app, used for auth callbacks (the embedded sandbox is called over loopback). */
    APP_ORIGIN: optionalUrl,

    // Platform API. With no PLATFORM_BASE_URL the app talks to its own sandbox at http://127.0.0.1:<PORT>/sandbox.
    PLATFORM_BASE_URL: optionalUrl,
    PLATFORM_CLIENT_ID: optionalString,
    PLATFORM_CLIENT_SECRET: optionalString,
    PLATFORM_BRAND: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9]*$/)
        .default("Platform"),
    ),
    PLATFORM_MAX_RPS: numberWithDefault(20, 1, 1000),
    PLATFORM_TIMEOUT_MS: intWithDefault(15_000, 100),
    PLATFORM_MAX_RETRIES: intWithDefault(4, 0),
    // The kitchen export's own timeout: it may wait minutes before its first byte.
    PLATFORM_KITCHEN_TIMEOUT_MS: intWithDefault(300_000, 1_000),
    // The service's second limit: 10,000 requests per 15 minutes (shared with DATABASE_URL).
    PLATFORM_MAX_PER_15_MIN: intWithDefault(10_000, 1),
    // PLATFORM_MAX_RPS and PLATFORM_MAX_PER_15_MIN count per location (restaurant), as the service does.
    // An optional cap on every location together, for limits the service does not publish; unset: none.
    PLATFORM_ACCOUNT_MAX_RPS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().min(1).max(100_000).optional(),
    ),
    PLATFORM_ACCOUNT_MAX_PER_15_MIN: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).optional(),
    ),

    // Server logs (lib/log/logger.ts, pino): fatal, error, warn, info, debug, trace or silent.
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),

    // Embedded sandbox.
    SANDBOX_ENABLED: optionalFlag,
    // Unset: a random secret per process (lib/sandbox/app-sandbox.ts), so tokens never outlive it.
    SANDBOX_SIGNING_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
    // Answer clients other than this machine (lib/sandbox/app-sandbox.ts); off, only loopback is served.
    SANDBOX_PUBLIC: optionalFlag.transform((v) => v ?? false),
    // Obey the Sandbox-Fault request header (lib/sandbox/faults.ts): for tests only.
    SANDBOX_FAULTS: optionalFlag.transform((v) => v ?? false),
    SANDBOX_CLAIM_NAMESPACE: z.preprocess(
      emptyAsUndefined,
      z.url().default("https://sandbox.kitchen-pulse.test"),
    ),
    SANDBOX_TOKEN_LIFETIME_S: intWithDefault(86_400, 1),
    // The real service's limits, per client and restaurant; off only for tests that read the sandbox unpaced.
    SANDBOX_RATE_LIMIT: optionalFlag,
    SANDBOX_RATE_LIMIT_PER_S: intWithDefault(20, 1),
    SANDBOX_RATE_LIMIT_PER_15_MIN: intWithDefault(10_000, 1),
    // The wait before a kitchen export's first byte (busy days wait seconds); false for fast tests.
    SANDBOX_EXPORT_LATENCY: optionalFlag,
    SANDBOX_FAULT_RATE: numberWithDefault(0, 0, 1),
    SANDBOX_WORLD_FILE: optionalString,

    // Behind one reverse proxy that appends the client to X-Forwarded-For (lib/security/client-address.ts).
    TRUST_PROXY: optionalFlag.transform((v) => v ?? false),

    // Sign-in.
    AUTH_SECRET: optionalString,
    NEXTAUTH_SECRET: optionalString,
    NEXTAUTH_URL: optionalUrl,
    ACCOUNTS_FILE: optionalString,
    // The first owner of an empty deployment (no accounts file): /setup lets them choose a password
    // while nobody exists yet (lib/people/first-run.ts). Set, the demo accounts are not created.
    ADMIN_EMAIL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ message: "ADMIN_EMAIL must be an e-mail address" }))
        .optional(),
    ),
    // A session's absolute lifetime from sign-in; renewing the cookie never extends it.
    AUTH_SESSION_MAX_AGE_H: z
      .preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(168).optional())
      .transform((v) => v ?? 12),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: z.preprocess(emptyAsUndefined, z.string().default("Single sign-on")),
    // Sign-in throttling (lib/security/sign-in-throttle.ts): attempts per client address in any minute
    // (successful ones given back), and bcrypt comparisons per second in this process (~90 ms of CPU each).
    AUTH_MAX_ATTEMPTS_PER_IP_PER_MIN: intWithDefault(20, 1),
    AUTH_MAX_BCRYPT_PER_S: intWithDefault(5, 1),

    // Mail (lib/mail): invitations and password resets. Unset SMTP_URL: messages are kept in the
    // database's outbox and shown to admins at /admin/outbox (nothing needs a mail server).
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^smtps?$/, error: "must be smtp://[user:pass@]host[:port] or smtps://…" })
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z.string().min(3).default("Kitchen Pulse <no-reply@localhost>"),
    ),
    // How long a link stays good: an invitation (hours), a password reset (minutes).
    INVITATION_TTL_H: z
      .preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(720).optional())
      .transform((v) => v ?? 168),
    PASSWORD_RESET_TTL_MIN: z
      .preprocess(emptyAsUndefined, z.coerce.number().int().min(5).max(1440).optional())
      .transform((v) => v ?? 60),

    // Kitchen data store.
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data")),
    KITCHEN_CLOSE_GRACE_MIN: intWithDefault(120, 0),
    // Morning digest (lib/digests): minutes between the sender's passes (each sends what is due:
    // a person's digest once the date has closed at all their restaurants); 0 sends none.
    DIGEST_CHECK_MIN: intWithDefault(10, 0),
    // Unset: 900 s against the real service (PLATFORM_BASE_URL set; it advises one export a day),
    // 180 s against the embedded sandbox (the demo and the e2e suite watch Today move). See below.
    KITCHEN_OPEN_REFRESH_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
    // Open-date fetches in flight at once, in slots of their own (history never waits behind them).
    KITCHEN_OPEN_FETCH_CONCURRENCY: intWithDefault(4, 1),
    KITCHEN_NOT_ENTITLED_RETRY_H: intWithDefault(24, 1),
    // A closed date's figures are provisional until it is read once more this many hours after its closeout.
    KITCHEN_SETTLE_H: numberWithDefault(36, 0.0001, 24 * 14),
    // A location whose kitchen fetch failed for a transient reason (5xx, network, 429) waits this
    // long, doubling per failure in a row up to the max (lib/kitchen/service/location-health.ts).
    KITCHEN_FAILED_RETRY_S: intWithDefault(30, 1),
    KITCHEN_FAILED_RETRY_MAX_S: intWithDefault(1800, 1),
    KITCHEN_MAX_RANGE_DAYS: intWithDefault(366, 1),
    // The history backfill: closed dates kept stored per restaurant (0 = off), and its share of PLATFORM_MAX_RPS.
    KITCHEN_BACKFILL_DAYS: z
      .preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(400).optional())
      .transform((v) => v ?? 190),
    KITCHEN_BACKFILL_SHARE: numberWithDefault(0.25, 0.01, 1),
    // The backfill sleeps until the next closeout between passes, within these bounds (tests scale them down).
    KITCHEN_BACKFILL_MIN_SLEEP_S: intWithDefault(30, 1),
    KITCHEN_BACKFILL_MAX_SLEEP_S: intWithDefault(900, 1),
    // A restaurant's identity is read again after this many seconds (served meanwhile, and while it is re-read).
    RESTAURANT_IDENTITY_TTL_S: intWithDefault(300, 1),
    // Restaurant discovery (lib/restaurants/discovery-server.ts): hours between listings of the
    // locations the credential reaches (0 = off); a failed listing is tried again within the hour.
    RESTAURANT_DISCOVERY_H: numberWithDefault(24, 0, 480),
    // The backfill's lanes: exports in flight per location (the service limits each location on
    // its own), and in all (each holds its day's records in memory until stored: see backfill.ts).
    // Unset, the cap in all is sized by the location count (backfill-pace.ts), so it never binds
    // before the service's per-location limits do.
    KITCHEN_BACKFILL_PER_LOCATION: intWithDefault(2, 1),
    KITCHEN_BACKFILL_MAX_IN_FLIGHT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
    // Business dates whose raw records (fulfillments.csv, the drill-down's items) are kept; 0 keeps them for ever.
    // Summaries and ticket facts are always kept.
    KITCHEN_RAW_RETENTION_DAYS: intWithDefault(400, 0),
    // Memory for decoded days (summaries 3/4, ticket facts 1/4); the rollups' cache gets half as much
    // again. Sized by what the values hold, dictionaries included. 0 keeps nothing (every read decodes).
    KITCHEN_CACHE_MB: intWithDefault(256, 0),
    // Items left on screen: a record fulfilled more than this many minutes after its ticket fired is a
    // forgotten bump, left out of every kitchen figure unless a view asks to count it (LS Central's window).
    KITCHEN_STUCK_MIN: z
      .preprocess(emptyAsUndefined, z.coerce.number().int().min(30).max(2880).optional())
      .transform((v) => v ?? 240),
    // Memory for the answers of closed ranges kept by query (lib/kitchen/service/answer-cache.ts); 0 keeps none.
    KITCHEN_ANSWER_CACHE_MB: intWithDefault(64, 0),
  })
  .superRefine((value, ctx) => {
    if (value.PLATFORM_BASE_URL && (!value.PLATFORM_CLIENT_ID || !value.PLATFORM_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["PLATFORM_CLIENT_ID"],
        message: "PLATFORM_CLIENT_ID and PLATFORM_CLIENT_SECRET are required when PLATFORM_BASE_URL is set",
      });
    }
  })
  .transform((value) => ({
    ...value,
    KITCHEN_OPEN_REFRESH_S:
      value.KITCHEN_OPEN_REFRESH_S ?? defaultOpenRefreshSeconds(value.PLATFORM_BASE_URL),
  }));

/**
 * The open date's refresh when KITCHEN_OPEN_REFRESH_S is unset. The real service advises one
 * export a day per location and answers a busy export in a minute or more: every 15 minutes
 * keeps Today useful at 96 exports a day per viewed location. The embedded sandbox answers in
 * milliseconds and the demo and e2e suite rely on Today moving within minutes.
 */
function defaultOpenRefreshSeconds(platformBaseUrl: string | undefined): number {
  return platformBaseUrl ? 900 : 180;
}

export type Env = z.infer<typeof envSchema>;

let parsed: Env | undefined;

/** The parsed environment. Throws one readable error listing every bad variable. */
export function env(): Env {
  if (parsed) return parsed;
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  parsed = result.data;
  return parsed;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests(): void {
  parsed = undefined;
}

/**
 * Where the app calls its own embedded sandbox: this process over loopback, never APP_ORIGIN. Behind
 * a TLS proxy APP_ORIGIN is the public address, and the sandbox answers loopback clients only. Our
 * server (server.mjs) listens on every interface unless HOSTNAME names one; with HOSTNAME set to a
 * non-loopback address nothing listens on 127.0.0.1 and the embedded sandbox cannot be reached.
 */
export function sandboxLoopbackUrl(): string {
  return `http://127.0.0.1:${env().PORT}/sandbox`;
}

/** The sandbox is mounted when no real Platform is configured, or when asked for explicitly. */
export function sandboxEnabled(): boolean {
  const e = env();
  return e.SANDBOX_ENABLED ?? !e.PLATFORM_BASE_URL;
}

import { randomBytes } from "node:crypto";

import { brandNames, type BrandNames } from "@/lib/platform/brand";

import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from "./rate-limit";
import { withUnaddedLocation } from "./unadded-location";
import { defaultWorld, type World } from "./world";

export interface SandboxOptions {
  /** Everything the sandbox serves derives from this; defaults to world.json. */
  world?: World;
  /**
   * Adds one location the partner and group clients reach but no demo account lists
   * (unadded-location.ts), so restaurant discovery has an "accessible, not added" one. Default false.
   */
  unaddedLocation?: boolean;
  /** Brand spelled into header and enum names (`<Brand>-Restaurant-External-ID`). Default "Platform". */
  brand?: string;
  /** Path prefix the sandbox is mounted under: "/sandbox" inside the app, "" standalone. */
  basePath?: string;
  /**
   * HS256 key for access tokens; page tokens use a key derived from it. Default: random for each
   * sandbox, so a token (or a forged one) from another instance or process is refused.
   */
  signingSecret?: string;
  /** URL prefixing the namespaced JWT claims (2.3). */
  claimNamespace?: string;
  /** Lifetime of issued access tokens, reported as expiresIn. Default one day, as the real service. */
  tokenLifetimeS?: number;
  /**
   * Rate limits (rate-limit.ts): default 20 a second and 10,000 per 15 minutes per client and
   * restaurant. `false` turns them off; `now` is their clock (default Date.now, never `now` below).
   */
  rateLimit?: false | { perSecond?: number; per15Minutes?: number; now?: () => number };
  /**
   * Wait before the first byte of a kitchen export, as the real service does on a busy day:
   * baseMs + perRecordMs per record, at most maxMs. Default on; `false` turns it off.
   */
  exportLatency?: false | Partial<ExportLatency>;
  /** Probability (0..1) that a request gets a random 429, 500 or 503. */
  faultRate?: number;
  /**
   * Whether the `Sandbox-Fault` request header is obeyed (faults.ts). Default false: a client
   * could otherwise make the sandbox answer 429 or hold a connection for minutes at will.
   */
  faultHeaders?: boolean;
  /** Source of randomness for random faults; default a PRNG seeded from the world seed. */
  random?: () => number;
  /** The clock (epoch ms): token times, the open business date, token expiry checks. */
  now?: () => number;
  /** Overrides of the contract's page limits (300 config, 1000 prep stations), for tests; pages vary in size up to them. */
  pageSize?: { config?: number; prepStations?: number };
  /** Upper bound of the `timeout` fault when the caller never gives up. Default 60 s. */
  hangMs?: number;
  /**
   * Test hook: asked for every list request that carries a pageToken; true answers 409 as the
   * real service does when the configuration is republished while a client pages. Default none.
   */
  pagingConflict?: PagingConflict;
  /** Receives unexpected errors (bugs); the response never carries them. Default console.error. */
  onError?: (error: unknown) => void;
}

/** Options with every default applied, shared by the router and handlers. */
export interface SandboxSettings {
  world: World;
  names: BrandNames;
  basePath: string;
  signingSecret: string;
  claimNamespace: string;
  tokenLifetimeS: number;
  rateLimit: RateLimitSettings | null;
  exportLatency: ExportLatency | null;
  faultRate: number;
  faultHeaders: boolean;
  random: () => number;
  now: () => number;
  pageSize: { config: number; prepStations: number };
  hangMs: number;
  pagingConflict: PagingConflict | null;
  onError: (error: unknown) => void;
}

/** The follow-up page asked for: its list ("config/menuItems", "kitchen/prepStations") and restaurant. */
export type PagingConflict = (page: { list: string; restaurant: string }) => boolean;

export interface ExportLatency {
  baseMs: number;
  perRecordMs: number;
  maxMs: number;
}

/** About 8 s for the busiest world day (~7,000 records), a few hundred ms for a quiet one. */
export const DEFAULT_EXPORT_LATENCY: ExportLatency = { baseMs: 250, perRecordMs: 1, maxMs: 60_000 };
export const DEFAULT_TOKEN_LIFETIME_S = 86_400;

export const CONFIG_PAGE_SIZE = 300;
export const PREP_STATIONS_PAGE_SIZE = 1000;
export const DEFAULT_CLAIM_NAMESPACE = "https://sandbox.kitchen-pulse.test";

export function resolveOptions(options: SandboxOptions = {}): SandboxSettings {
  const declared = options.world ?? defaultWorld();
  const world = options.unaddedLocation ? withUnaddedLocation(declared) : declared;
  const faultRate = options.faultRate ?? 0;
  if (!(faultRate >= 0 && faultRate <= 1))
    throw new RangeError(`faultRate must be within 0..1, got ${faultRate}`);
  const tokenLifetimeS = options.tokenLifetimeS ?? DEFAULT_TOKEN_LIFETIME_S;
  if (!Number.isInteger(tokenLifetimeS) || tokenLifetimeS < 1)
    throw new RangeError(`tokenLifetimeS must be a positive integer`);
  const signingSecret = options.signingSecret ?? randomBytes(32).toString("base64url");
  // HS256 with a short key is guessable; jose itself only requires a non-empty one.
  if (signingSecret.length < 16) throw new RangeError("signingSecret must be at least 16 characters");
  const pageSize = {
    config: options.pageSize?.config ?? CONFIG_PAGE_SIZE,
    prepStations: options.pageSize?.prepStations ?? PREP_STATIONS_PAGE_SIZE,
  };
  if (![pageSize.config, pageSize.prepStations].every((n) => Number.isInteger(n) && n >= 1)) {
    throw new RangeError("page sizes must be positive integers");
  }
  return {
    world,
    names: brandNames(options.brand ?? "Platform"),
    rateLimit: resolveRateLimit(options.rateLimit),
    exportLatency: resolveExportLatency(options.exportLatency),
    basePath: normalizeBasePath(options.basePath ?? ""),
    signingSecret,
    claimNamespace: (options.claimNamespace ?? DEFAULT_CLAIM_NAMESPACE).replace(/\/+$/, ""),
    tokenLifetimeS,
    faultRate,
    faultHeaders: options.faultHeaders ?? false,
    random: options.random ?? seededRandom(world.seed),
    now: options.now ?? Date.now,
    pageSize,
    hangMs: options.hangMs ?? 60_000,
    pagingConflict: options.pagingConflict ?? null,
    onError: options.onError ?? ((error) => console.error("[sandbox] unexpected error", error)),
  };
}

function resolveRateLimit(option: SandboxOptions["rateLimit"]): RateLimitSettings | null {
  if (option === false) return null;
  const [second, window] = DEFAULT_RATE_LIMITS as [
    (typeof DEFAULT_RATE_LIMITS)[number],
    (typeof DEFAULT_RATE_LIMITS)[number],
  ];
  const limits = [
    { windowMs: second.windowMs, max: option?.perSecond ?? second.max },
    { windowMs: window.windowMs, max: option?.per15Minutes ?? window.max },
  ];
  if (!limits.every((l) => Number.isInteger(l.max) && l.max >= 1))
    throw new RangeError("rate limits must be positive integers");
  return { limits, now: option?.now ?? Date.now };
}

function resolveExportLatency(option: SandboxOptions["exportLatency"]): ExportLatency | null {
  if (option === false) return null;
  const latency = { ...DEFAULT_EXPORT_LATENCY, ...option };
  if (![latency.baseMs, latency.perRecordMs, latency.maxMs].every((n) => Number.isFinite(n) && n >= 0)) {
    throw new RangeError("exportLatency values must be non-negative numbers");
  }
  return latency;
}

export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  if (trimmed === "") return "";
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** mulberry32 over an FNV-1a hash of the seed: reproducible fault sequences per process. */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

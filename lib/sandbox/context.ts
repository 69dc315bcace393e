import { createHmac } from "node:crypto";

import { DataCache } from "./data-cache";
import type { SignedAccessToken, TokenIssuer } from "./jwt";
import { resolveOptions, type SandboxOptions, type SandboxSettings } from "./options";
import { SandboxRateLimiter } from "./rate-limit";

/** What every handler of one sandbox instance shares: settings, generated data, keys. */
export interface SandboxContext {
  settings: SandboxSettings;
  data: DataCache;
  issuer: TokenIssuer;
  /** HMAC key for page tokens, derived so that leaking one never reveals the JWT key. */
  pageTokenKey: Buffer;
  /** null when rate limiting is off. */
  rateLimiter: SandboxRateLimiter | null;
  /** The live token of each client id, handed out again on a repeat login (login.ts). */
  issuedTokens: Map<string, SignedAccessToken>;
  /** How many tokens each client id has been issued (login.ts derives each token's jti from it). */
  tokensIssued: Map<string, number>;
}

export function createContext(options: SandboxOptions = {}): SandboxContext {
  const settings = resolveOptions(options);
  return {
    settings,
    data: new DataCache(settings.world, settings.names.brand, settings.now()),
    issuer: {
      secret: settings.signingSecret,
      issuer: settings.world.issuer,
      audience: settings.world.audience,
      claimNamespace: settings.claimNamespace,
      machineClient: settings.names.machineClient,
      lifetimeS: settings.tokenLifetimeS,
    },
    pageTokenKey: createHmac("sha256", settings.signingSecret).update("sandbox page tokens v1").digest(),
    rateLimiter: settings.rateLimit ? new SandboxRateLimiter(settings.rateLimit, settings.names) : null,
    issuedTokens: new Map(),
    tokensIssued: new Map(),
  };
}

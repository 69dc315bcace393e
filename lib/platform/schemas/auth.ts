import { z } from "zod";

/** 2.1 Login request body. userAccessType is `<BRAND>_MACHINE_CLIENT`, checked by the server. */
export const loginRequest = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  userAccessType: z.string().min(1),
});

/**
 * 2.2 Login response body, as liberal as the shapes actually seen: the contract's (an `@class`,
 * `scope`, `idToken` and `refreshToken` all null), the published authentication 1.0.0 definition
 * (no `@class`; `scope`, `idToken`, `refreshToken` typed as strings) and production logins
 * (`scope` a space-separated string, the two internal tokens left out). Only what the client
 * uses is checked: the access token, and the lifetime when one is given.
 */
export const loginResponse = z.looseObject({
  "@class": z.string().nullish(),
  status: z.string().nullish(),
  token: z.looseObject({
    tokenType: z.string().nullish(),
    scope: z.string().nullish(),
    // Remaining seconds of validity; one day (86400) in production.
    expiresIn: z.number().positive().nullish(),
    accessToken: z.string().min(1),
    idToken: z.string().nullish(),
    refreshToken: z.string().nullish(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const CLIENT_TYPES = ["PARTNER", "CUSTOMER"] as const;

/**
 * 2.3 JWT claims. The namespaced claims are keyed `<namespace>/<name>`; `namespacedClaim` builds
 * the key so the sandbox and any reader agree on it.
 */
export const jwtStandardClaims = z.looseObject({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number().int(),
  exp: z.number().int(),
  azp: z.string(),
  scope: z.string(),
  gty: z.literal("client-credentials"),
});

export function namespacedClaim(
  namespace: string,
  name: "client_name" | "access_type" | "partner_guid" | "management_set_guid" | "type",
): string {
  return `${namespace.replace(/\/+$/, "")}/${name}`;
}

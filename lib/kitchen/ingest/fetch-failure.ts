import { BrandedError } from "@/lib/errors/branded-error";
import {
  PlatformAuthenticationError,
  PlatformBadRequestError,
  PlatformContractError,
  PlatformError,
  PlatformForbiddenError,
  PlatformLoginError,
  PlatformMissingScopeError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
} from "@/lib/platform/errors";

/**
 * A short, user-facing reason a business date could not be fetched, shown in the date coverage.
 * Never the raw message: that names upstream endpoints.
 */
export function describeFetchFailure(error: unknown): string {
  if (error instanceof PlatformUpstreamError) {
    if (error.kind === "truncated") return "the Platform's response was cut short";
    if (error.kind === "timeout") return "the Platform did not answer in time";
    if (error.kind === "network") return "the Platform could not be reached";
    return `the Platform answered ${error.status ?? "an error"}`;
  }
  if (error instanceof PlatformContractError) {
    const first = error.issues[0];
    return first
      ? `the Platform's response did not match the contract (${first.path}: ${first.message})`
      : "the Platform's response did not match the contract";
  }
  if (error instanceof PlatformLoginError) {
    // The app could not sign in at all: say so, not "answered 401" (no data request was sent).
    if (error.reason === "refused") return "the Platform refused this app's credentials";
    if (error.reason === "garbled") return "the Platform's answer to this app's sign-in could not be read";
    return "the Platform could not be reached to sign this app in";
  }
  if (error instanceof PlatformRateLimitedError) return "the Platform's rate limit was reached";
  if (error instanceof PlatformAuthenticationError) return "the Platform did not accept our credentials";
  // Checked before sending: no request went out, and every location of the credential is alike.
  if (error instanceof PlatformMissingScopeError)
    return `this app's Platform credential lacks the ${error.scope} permission, which kitchen data needs`;
  if (error instanceof PlatformForbiddenError)
    return "the Platform refused access to this restaurant's kitchen data";
  if (error instanceof PlatformBadRequestError) return "the Platform rejected the request";
  if (error instanceof PlatformError) return `the Platform answered ${error.status ?? "an error"}`;
  if (error instanceof MalformedDayError) return error.message;
  return "an unexpected error";
}

/** A response that parsed but cannot be a day of this restaurant (records of another one). */
export class MalformedDayError extends BrandedError {
  static override readonly errorKind = "MalformedDayError";
}

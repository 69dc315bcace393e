/**
 * What a person is told when the app cannot sign in to the Platform, in the API's JSON error and
 * in the page error boundaries alike. Plain, client-safe module: the boundaries run in the
 * browser, where only the error's digest (`platform_login_failed:<reason>`) survives.
 */
export type LoginFailureReason = "refused" | "garbled" | "unreachable";

export const LOGIN_FAILED_DIGEST_PREFIX = "platform_login_failed:";

const WORDS: Record<LoginFailureReason, string> = {
  refused:
    "The Platform refused this app's credentials, so no restaurant data can be loaded. An administrator needs to check the Platform client ID and secret (PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET); the app tries to sign in again in a few minutes.",
  garbled:
    "The Platform's answer to this app's sign-in could not be read, so no restaurant data can be loaded. The app tries to sign in again in a few minutes.",
  unreachable:
    "The Platform could not be reached to sign this app in, so no restaurant data can be loaded right now. The app tries again shortly.",
};

export function loginFailureMessage(reason: LoginFailureReason): string {
  return WORDS[reason];
}

/** The words for an error boundary's digest, or undefined when the error is not a failed login. */
export function loginFailureFromDigest(digest: string | undefined): string | undefined {
  if (!digest?.startsWith(LOGIN_FAILED_DIGEST_PREFIX)) return undefined;
  const reason = digest.slice(LOGIN_FAILED_DIGEST_PREFIX.length);
  return reason in WORDS ? WORDS[reason as LoginFailureReason] : undefined;
}

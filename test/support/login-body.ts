/**
 * The login answer exactly as the contract's 2.2 shows it: `@class`, a null scope, null id and
 * refresh tokens. Fixture servers send it; tests that check the sandbox's own answer expect it.
 * `expiresIn` is `unknown` so a test can also build a body that breaks the contract.
 */
export function contractLoginBody(accessToken: unknown, expiresIn: unknown = 86_400) {
  return {
    "@class": ".SuccessfulResponse",
    status: "SUCCESS",
    token: { tokenType: "Bearer", scope: null, expiresIn, accessToken, idToken: null, refreshToken: null },
  };
}

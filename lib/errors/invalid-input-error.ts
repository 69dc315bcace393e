/**
 * Input a domain function refuses on its own terms (a range too long, a date in the future):
 * the caller asked for something that cannot be, so retrying it unchanged will fail again.
 * Domain code throws this rather than an HTTP error, since it knows nothing of HTTP; the API layer
 * (lib/api/error-response.ts) answers it with a 400 carrying `code` and `message` as written, so
 * the message must be fit for the API's caller.
 */
export class InvalidInputError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "InvalidInputError";
    this.code = code;
  }
}

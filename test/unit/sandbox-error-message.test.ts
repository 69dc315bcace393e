import { describe, expect, it } from "vitest";

import { createSandbox } from "@/lib/sandbox";

/**
 * Refusals come in the real service's ErrorMessage shape: all ten fields, in the published
 * example's form (reserved fields null, `errors` an array), with our numeric codes.
 */
const sandbox = createSandbox();
const BASE = "http://sandbox.test";

describe("ErrorMessage bodies", () => {
  it("answers an unknown path with every field of the published example", async () => {
    const response = await sandbox(new Request(`${BASE}/nowhere`));
    expect(response.status).toBe(404);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      "status",
      "code",
      "message",
      "messageKey",
      "fieldName",
      "link",
      "requestId",
      "developerMessage",
      "errors",
      "canRetry",
    ]);
    expect(body).toEqual({
      status: 404,
      code: 40400,
      message: "No endpoint at /nowhere.",
      messageKey: null,
      fieldName: null,
      link: null,
      requestId: response.headers.get("x-request-id"),
      developerMessage: null,
      errors: [],
      canRetry: null,
    });
  });

  it("nests one ErrorMessage per missing login field, naming it in fieldName", async () => {
    const response = await sandbox(
      new Request(`${BASE}/authentication/v1/authentication/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ clientId: "kp-partner", clientSecret: 7 }),
      }),
    );
    expect(response.status).toBe(401);
    const body = (await response.json()) as {
      code: number;
      fieldName: unknown;
      errors: { fieldName: string; status: number; errors: unknown[]; canRetry: unknown }[];
    };
    expect(body.code).toBe(40103);
    expect(body.fieldName).toBeNull();
    expect(body.errors.map((e) => e.fieldName).sort()).toEqual(["clientSecret", "userAccessType"]);
    for (const nested of body.errors)
      expect(nested).toMatchObject({ status: 401, errors: [], canRetry: null });
  });
});

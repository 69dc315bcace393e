import { describe, expect, it } from "vitest";

import { describeFetchFailure } from "@/lib/kitchen/ingest/fetch-failure";
import {
  PlatformAuthenticationError,
  PlatformLoginError,
  PlatformUpstreamError,
} from "@/lib/platform/errors";

describe("describeFetchFailure", () => {
  it("says plainly that the app could not sign in, by reason, rather than naming a status", () => {
    const login = (reason: "refused" | "garbled" | "unreachable") =>
      new PlatformLoginError({
        status: 401,
        code: "platform_login_failed",
        endpoint: "POST /authentication/v1/authentication/login",
        message: "x",
        reason,
        retryAt: 0,
      });
    expect(describeFetchFailure(login("refused"))).toBe("the Platform refused this app's credentials");
    expect(describeFetchFailure(login("garbled"))).toContain("could not be read");
    expect(describeFetchFailure(login("unreachable"))).toContain("could not be reached");
  });

  it("keeps the other reasons", () => {
    expect(
      describeFetchFailure(
        new PlatformAuthenticationError({
          status: 401,
          code: "unauthorized",
          endpoint: "GET /x",
          message: "x",
        }),
      ),
    ).toBe("the Platform did not accept our credentials");
    expect(
      describeFetchFailure(
        new PlatformUpstreamError({ code: "timeout", kind: "timeout", endpoint: "GET /x", message: "x" }),
      ),
    ).toBe("the Platform did not answer in time");
  });
});

import { afterEach, describe, expect, it } from "vitest";

import { clientAddress, isLoopback, PEER_HEADER, PEER_SECRET_KEY } from "./client-address";

const store = globalThis as Record<symbol, unknown>;
afterEach(() => {
  delete store[PEER_SECRET_KEY];
});

describe("clientAddress", () => {
  it("takes the socket peer only with the process's secret", () => {
    store[PEER_SECRET_KEY] = "s3cret";
    expect(
      clientAddress(new Headers({ [PEER_HEADER]: "s3cret ::ffff:10.1.2.3" }), { trustProxy: false }),
    ).toBe("10.1.2.3");
    expect(clientAddress(new Headers({ [PEER_HEADER]: "guess 10.1.2.3" }), { trustProxy: false })).toBeNull();
    expect(clientAddress(new Headers({ [PEER_HEADER]: "s3cret" }), { trustProxy: false })).toBeNull();
  });

  it("knows no peer when no server recorded one", () => {
    expect(clientAddress(new Headers({ [PEER_HEADER]: "x 127.0.0.1" }), { trustProxy: false })).toBeNull();
  });

  it("ignores X-Forwarded-For unless the proxy is trusted, then takes its right-most entry", () => {
    store[PEER_SECRET_KEY] = "k";
    const headers = new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9", [PEER_HEADER]: "k 127.0.0.1" });
    expect(clientAddress(headers, { trustProxy: false })).toBe("127.0.0.1");
    expect(clientAddress(headers, { trustProxy: true })).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ [PEER_HEADER]: "k ::1" }), { trustProxy: true })).toBe("::1");
  });

  it("tells loopback from the rest", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("127.8.9.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("10.0.0.1")).toBe(false);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(false);
    expect(isLoopback(null)).toBe(false);
  });
});

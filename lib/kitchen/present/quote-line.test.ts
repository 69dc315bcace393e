import { describe, expect, it } from "vitest";

import type { QuoteChannelAnswer } from "@/lib/kitchen/contract/quote";

import { quoteLine } from "./quote-line";

const row = (tickets: number, withinQuote: number) => ({
  tickets,
  withinQuote,
  share: tickets ? withinQuote / tickets : null,
  unmeasured: 0,
});

const answer = (channel: "takeout" | "delivery", hours: [number, number, number][]): QuoteChannelAnswer => {
  const tickets = hours.reduce((n, h) => n + h[1], 0);
  const within = hours.reduce((n, h) => n + h[2], 0);
  return {
    channel,
    ...row(tickets, within),
    byHour: hours.map(([hour, t, w]) => ({ hour, ...row(t, w) })),
    byService: [],
    byDate: [],
  };
};

describe("the quote page's plain line", () => {
  it("names the share, the quote and the hour that missed most", () => {
    const a = answer("takeout", [
      [12, 40, 38],
      [18, 30, 9],
      [19, 9, 0], // too few tickets to be named
    ]);
    expect(quoteLine(a, [20])).toBe(
      "59% of take-out tickets were ready within the 20-minute quote; 6–7 PM missed most (30% within).",
    );
  });

  it("names every quote of the range, no hour when none missed most, and delivery's caveat", () => {
    expect(quoteLine(answer("takeout", [[12, 10, 9]]), [15, 20])).toBe(
      "90% of take-out tickets were ready within quotes of 15 and 20 minutes.",
    );
    expect(quoteLine(answer("delivery", [[12, 10, 10]]), [45])).toMatch(
      /^100% of delivery tickets were ready within the 45-minute quote\. The delivery quote includes the drive/,
    );
    expect(quoteLine(answer("takeout", []), [20])).toBe(
      "No take-out tickets were fully fulfilled in these dates.",
    );
    expect(quoteLine(answer("takeout", []), [])).toBe(
      "The restaurant's information gave no take-out quote for these dates.",
    );
  });
});

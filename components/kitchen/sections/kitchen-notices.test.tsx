import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { DateCoverage, DateHold } from "@/lib/kitchen/contract/responses";

import { CoverageWarnings } from "./kitchen-notices";

const at = "2025-03-20T16:00:00.000Z";
const coverage = (failed: DateCoverage["failed"]): DateCoverage => ({
  complete: ["20250301"],
  notEntitled: [],
  failed,
  open: [],
  pending: [],
  provisional: [],
  beforeData: [],
});
const text = (c: DateCoverage) =>
  renderToStaticMarkup(
    <CoverageWarnings coverage={c} rules={{ timeZone: "America/New_York", closeoutHour: 4 }} />,
  )
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

const scopeHold: DateHold = {
  kind: "permanent",
  until: null,
  scope: "kitchen:read",
  reason:
    "this app's Platform credential lacks the kitchen:read permission, which kitchen data needs; asked again once its token has it",
};

describe("CoverageWarnings", () => {
  it("names the permission a credential lacks instead of offering a reload", () => {
    const reason =
      "not asked: this app's Platform credential lacks the kitchen:read permission, which kitchen data needs; asked again once its token has it";
    const shown = text(
      coverage([
        { date: "20250303", reason, attemptedAt: at, hold: scopeHold },
        { date: "20250304", reason, attemptedAt: at, hold: scopeHold },
      ]),
    );
    expect(shown).toContain(
      "was not asked for: this app's Platform credential lacks the kitchen:read permission",
    );
    expect(shown).not.toContain("reloading the page tries again");
    expect(shown.match(/kitchen:read/g)).toHaveLength(1);
  });

  it("keeps a fetch that failed on its own separate, with the reload hint", () => {
    const shown = text(
      coverage([
        { date: "20250303", reason: "the Platform answered 500", attemptedAt: at },
        {
          date: "20250304",
          reason:
            "not asked for now: the Platform answered 503 (3 times in a row); tried again after 2025-03-20 16:30 UTC",
          attemptedAt: at,
          hold: {
            kind: "transient",
            until: "2025-03-20T16:30:00.000Z",
            reason: "the Platform answered 503 (3 times in a row); tried again after 2025-03-20 16:30 UTC",
          },
        },
      ]),
    );
    expect(shown).toContain("could not be fetched from the Platform");
    expect(shown).toContain("reloading the page tries again");
    expect(shown).toContain(
      "was not asked for: the Platform answered 503 (3 times in a row); tried again after 2025-03-20 16:30 UTC",
    );
  });

  it("tells held from failed by the structured hold, not by the words of the reason", () => {
    const shown = text(
      coverage([
        // Words that once read as held, without a hold: a fetch that failed on its own.
        { date: "20250303", reason: "not asked: a reason an older server wrote", attemptedAt: at },
        {
          date: "20250304",
          reason: "any words at all",
          attemptedAt: at,
          hold: {
            kind: "outage",
            until: "2025-03-20T16:30:00.000Z",
            reason: "the Platform is failing for several locations at once (503)",
          },
        },
      ]),
    );
    expect(shown).toContain("could not be fetched from the Platform");
    expect(shown).toContain("reloading the page tries again");
    expect(shown).toContain("The Platform is failing for several restaurants");
    expect(shown).toContain("was not asked for: the Platform is failing for several locations at once (503)");
    expect(shown).not.toContain("any words at all");
  });
});

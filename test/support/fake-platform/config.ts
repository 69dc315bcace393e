import { z } from "zod";

/**
 * The fake real service's configuration (a JSON file or `--config-json`): how many locations, the
 * per-location limits, the export's wait before its first byte, and which location or date
 * misbehaves how. Locations are named by index into the generated world (0-based); dates by
 * "business dates ago" at that location (1 = the newest closed date). Every duration is in
 * unscaled milliseconds and is multiplied by `timeScale` when used.
 */
const index = z.number().int().min(0);
const daysAgo = z.number().int().min(1);

const fakePlatformConfigSchema = z
  .object({
    port: z.number().int().min(0).max(65_535).default(0),
    locations: z.number().int().min(1).max(1_000),
    /** Seed of the generated world (lib/sandbox/scaled-world.ts). */
    seed: z.string().min(1).default("fake-platform-v1"),
    /** Every delay multiplied by this (0.05: a minute's wait takes 3 s). */
    timeScale: z.number().positive().max(1).default(1),
    /** Per location (the restaurant header), as the real service: 20 a second, 10,000 per 15 minutes. */
    perSecond: z.number().int().min(1).default(20),
    per15Minutes: z.number().int().min(1).default(10_000),
    /** Unscaled wait before an export's first byte, drawn uniformly from [min, max]. */
    exportDelayMs: z.tuple([z.number().min(0), z.number().min(0)]).default([5_000, 20_000]),
    /** Largest page of a configuration list (the contract's 300); smaller makes the Menu page's lists page. */
    configPageSize: z.number().int().min(1).max(300).default(300),
    /** This location answers 403 to every call, as a location removed from the credential. */
    refusedLocation: index.nullable().default(null),
    /** This location's general.firstBusinessDate is this many days before today (no data before it). */
    firstBusinessDate: z.object({ location: index, daysAgo: daysAgo }).nullable().default(null),
    /** This date's export changes once revised (POST /__admin/revise, or `afterMs` from the start). */
    revised: z
      .object({ location: index, daysAgo: daysAgo, afterMs: z.number().min(0).nullable().default(null) })
      .nullable()
      .default(null),
    /** The first request for a second (or later) page of this list at this location answers 409, `times` times. */
    conflict: z
      .object({ location: index, resource: z.string().min(1), times: z.number().int().min(1).default(1) })
      .nullable()
      .default(null),
    /** This date's export comes wrapped, `{"data": [...]}`. */
    wrapped: z.object({ location: index, daysAgo: daysAgo }).nullable().default(null),
    /** This date's export is a 200 with an empty body. */
    empty: z.object({ location: index, daysAgo: daysAgo }).nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.exportDelayMs[0] > c.exportDelayMs[1])
      ctx.addIssue({ code: "custom", path: ["exportDelayMs"], message: "min must not exceed max" });
    for (const key of [
      "refusedLocation",
      "firstBusinessDate",
      "revised",
      "conflict",
      "wrapped",
      "empty",
    ] as const) {
      const value = c[key];
      const location = typeof value === "number" ? value : value?.location;
      if (location !== undefined && location >= c.locations) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `location ${location} is outside 0..${c.locations - 1}`,
        });
      }
    }
  });

export type FakePlatformConfig = z.infer<typeof fakePlatformConfigSchema>;
export type FakePlatformConfigInput = z.input<typeof fakePlatformConfigSchema>;

/** Parses a configuration; throws one error naming every bad field. */
export function parseFakePlatformConfig(input: unknown): FakePlatformConfig {
  const result = fakePlatformConfigSchema.safeParse(input);
  if (!result.success) {
    throw new Error(
      `bad fake platform config:\n${result.error.issues.map((i) => `  ${i.path.join(".") || "(config)"}: ${i.message}`).join("\n")}`,
    );
  }
  return result.data;
}

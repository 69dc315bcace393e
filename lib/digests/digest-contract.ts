import { z } from "zod";

/** How often a person is sent the digest: every closed day, on Mondays (the last Monday to Sunday), or never. */
export const DIGEST_FREQUENCIES = ["daily", "weekly", "off"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** PATCH /api/account/settings: the signed-in person's own settings (only the digest so far). */
export const accountSettingsSchema = z
  .object({
    digest: z.enum(DIGEST_FREQUENCIES, { error: 'digest must be "daily", "weekly" or "off"' }),
  })
  .strict();
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

const digestDate = z
  .string({ error: "date is required, written YYYYMMDD (for example 20250301)" })
  .regex(/^\d{8}$/, "date must be a business date written YYYYMMDD (for example 20250301)");

/** GET /api/digests/preview: the digest of `date` (a weekly one ends on a Sunday). */
export const digestPreviewSchema = z.object({
  date: digestDate,
  kind: z.enum(["daily", "weekly"], { error: 'kind must be "daily" or "weekly"' }).default("daily"),
});

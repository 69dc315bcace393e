import { z } from "zod";

/**
 * Live late alerts (issue 35): a rule per restaurant watches one station or one level over the open
 * date's last 30 minutes (GET .../kitchen/now's `lastHalfHour`), during the restaurant's services:
 * "more than N % of items late" (late_share) or "p90 over the target by M minutes"
 * (p90_over_target). A firing goes to the app (a banner and a list), e-mail and a webhook; it
 * stays quiet for the rule's quiet period, and a "back to normal" follows when it clears.
 */

export const ALERT_KINDS = ["late_share", "p90_over_target"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const DEFAULT_QUIET_MINUTES = 30;
/** A late share is judged over at least this many items: 1 late of 1 is not "100 % late". */
export const MIN_ALERT_ITEMS = 5;

export interface AlertRule {
  id: string;
  restaurantGuid: string;
  kind: AlertKind;
  /** Exactly one of stationGuid and level is set. */
  stationGuid: string | null;
  level: 0 | 1 | 2 | null;
  /** Percent (late_share) or minutes (p90_over_target). */
  threshold: number;
  quietMinutes: number;
  emailTo: string[];
  webhookUrl: string | null;
  enabled: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface AlertEvent {
  id: string;
  ruleId: string;
  restaurantGuid: string;
  /** "fired" (also a reminder once the quiet period is over) or "cleared" (back to normal). */
  kind: "fired" | "cleared";
  businessDate: string;
  at: string;
  /** The measured value: percent late, or seconds of p90 over the target. */
  value: number | null;
  message: string;
}

export interface AlertsResponse {
  alerts: AlertEvent[];
  /** Rules whose last event is a firing: what the Kitchen page's banner shows. */
  active: AlertEvent[];
}

/** Loopback hosts may be called over plain http (a receiver on the same machine, tests); others need https. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a webhook URL is refused, or null: one reading, so a URL that does not parse gets one message. */
function webhookProblem(v: string): string | null {
  if (!URL.canParse(v)) return "webhookUrl must be an absolute URL";
  const u = new URL(v);
  if (!(u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.has(u.hostname))))
    return "webhookUrl must use https (plain http only for localhost)";
  if (u.username !== "" || u.password !== "") return "webhookUrl must not carry a user name or password";
  return null;
}

const webhookUrl = z
  .string()
  .trim()
  .max(2000, "webhookUrl must be at most 2000 characters")
  .superRefine((v, ctx) => {
    const problem = webhookProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** POST (create) and PUT (replace) of a rule: the whole rule. */
export const alertRuleInputSchema = z
  .strictObject({
    kind: z.enum(ALERT_KINDS, { message: `kind must be one of ${ALERT_KINDS.join(", ")}` }),
    stationGuid: z.string().trim().min(1).max(100).nullish(),
    level: z
      .union([z.literal(0), z.literal(1), z.literal(2)], { message: "level must be 0, 1 or 2" })
      .nullish(),
    threshold: z.number({ message: "threshold must be a number" }).positive("threshold must be over 0"),
    quietMinutes: z
      .number()
      .int("quietMinutes must be whole minutes")
      .min(5, "quietMinutes must be at least 5")
      .max(1440, "quietMinutes must be at most 1440 (a day)")
      .default(DEFAULT_QUIET_MINUTES),
    emailTo: z
      .array(z.email({ message: "emailTo must hold e-mail addresses" }))
      .max(20, "emailTo may hold at most 20 addresses")
      .default([]),
    webhookUrl: webhookUrl.nullish(),
    enabled: z.boolean().default(true),
  })
  .refine((r) => (r.stationGuid == null) !== (r.level == null), {
    message: "a rule watches exactly one of stationGuid or level",
    path: ["stationGuid"],
  })
  .refine((r) => r.kind !== "late_share" || r.threshold < 100, {
    message: "a late share threshold is a percentage under 100",
    path: ["threshold"],
  })
  .refine((r) => r.kind !== "p90_over_target" || r.threshold <= 240, {
    message: "a p90 threshold is minutes over the target, at most 240",
    path: ["threshold"],
  });
/** The body POST and PUT take, in the words of a 400 for a body that is not JSON. */
export const ALERT_RULE_BODY_SHAPE =
  '{ kind: "late_share" | "p90_over_target", stationGuid?: string, level?: 0 | 1 | 2, threshold: number, quietMinutes?: number, emailTo?: string[], webhookUrl?: string, enabled?: boolean }';

export type AlertRuleInput = z.output<typeof alertRuleInputSchema>;

const instant = z
  .string()
  .trim()
  .refine(
    (v) => z.iso.datetime({ offset: true }).safeParse(v).success,
    "must be an ISO date-time with a zone",
  )
  .transform((v) => new Date(v));

/** GET .../alerts?from&to: ISO instants; default the last 24 hours. */
export const alertsQuerySchema = z
  .object({ from: instant.optional(), to: instant.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["from"],
  });

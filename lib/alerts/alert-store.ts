import "server-only";

import { recordAudit } from "@/lib/audit/audit-log";
import type { Database, Queryable } from "@/lib/db/database";

import type { AlertEvent, AlertRule, AlertRuleInput } from "./alert-contract";

/**
 * The alert rules and the events they fired (migration 24). A rule's change is written with its
 * audit entry in one transaction (lib/audit), as targets are. An event is inserted only if its
 * number is the rule's next (`UNIQUE (rule_id, seq)`): of two instances evaluating one rule at
 * once, one inserts and sends, the other inserts nothing and sends nothing.
 */

interface RuleRow {
  id: string | number;
  restaurant_guid: string;
  kind: AlertRule["kind"];
  station_guid: string | null;
  level: number | null;
  threshold: number;
  quiet_minutes: number;
  email_to: string | null;
  webhook_url: string | null;
  enabled: boolean;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
}

interface EventRow {
  id: string | number;
  rule_id: string | number;
  seq: number;
  restaurant_guid: string;
  kind: AlertEvent["kind"];
  business_date: string;
  at: Date | string;
  value: number | null;
  message: string;
}

const isoOf = (v: Date | string) => new Date(v).toISOString();

function ruleOf(r: RuleRow): AlertRule {
  return {
    id: String(r.id),
    restaurantGuid: r.restaurant_guid,
    kind: r.kind,
    stationGuid: r.station_guid,
    level: r.level === null ? null : (Number(r.level) as 0 | 1 | 2),
    threshold: Number(r.threshold),
    quietMinutes: Number(r.quiet_minutes),
    emailTo: r.email_to ? r.email_to.split(",") : [],
    webhookUrl: r.webhook_url,
    enabled: r.enabled,
    createdBy: r.created_by,
    createdAt: isoOf(r.created_at),
    updatedAt: isoOf(r.updated_at),
  };
}

function eventOf(r: EventRow): AlertEvent & { seq: number } {
  return {
    id: String(r.id),
    ruleId: String(r.rule_id),
    seq: Number(r.seq),
    restaurantGuid: r.restaurant_guid,
    kind: r.kind,
    businessDate: r.business_date,
    at: isoOf(r.at),
    value: r.value === null ? null : Number(r.value),
    message: r.message,
  };
}

const RULE_COLUMNS =
  "id, restaurant_guid, kind, station_guid, level, threshold, quiet_minutes, email_to, webhook_url, enabled, created_by, created_at, updated_at";
const EVENT_COLUMNS = "id, rule_id, seq, restaurant_guid, kind, business_date, at, value, message";

const values = (input: AlertRuleInput) => [
  input.kind,
  input.stationGuid ?? null,
  input.level ?? null,
  input.threshold,
  input.quietMinutes,
  input.emailTo.length > 0 ? input.emailTo.join(",") : null,
  input.webhookUrl ?? null,
  input.enabled,
];

export async function listRules(db: Queryable, restaurantGuid: string): Promise<AlertRule[]> {
  const rows = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules WHERE restaurant_guid = $1 ORDER BY id`,
    [restaurantGuid],
  );
  return rows.map(ruleOf);
}

/** The restaurants with at least one enabled rule: the ones the alert ticker watches. */
export async function watchedRestaurants(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ restaurant_guid: string }>(
    "SELECT DISTINCT restaurant_guid FROM alert_rules WHERE enabled ORDER BY restaurant_guid",
  );
  return rows.map((r) => r.restaurant_guid);
}

export async function createRule(
  db: Database,
  restaurantGuid: string,
  input: AlertRuleInput,
  actor: string,
  at: Date,
): Promise<AlertRule> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RuleRow>(
      `INSERT INTO alert_rules (restaurant_guid, kind, station_guid, level, threshold, quiet_minutes, email_to, webhook_url, enabled, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ${RULE_COLUMNS}`,
      [restaurantGuid, ...values(input), actor, at],
    );
    const rule = ruleOf(row!);
    await recordAudit(tx, auditOf("alert_rule.create", rule, actor, at, undefined, rule));
    return rule;
  });
}

/** Replaces a rule of the restaurant; null when it has no rule of that id. */
export async function updateRule(
  db: Database,
  restaurantGuid: string,
  id: string,
  input: AlertRuleInput,
  actor: string,
  at: Date,
): Promise<AlertRule | null> {
  return db.transaction(async (tx) => {
    const before = await ruleIn(tx, restaurantGuid, id);
    if (!before) return null;
    const [row] = await tx.query<RuleRow>(
      `UPDATE alert_rules SET kind = $3, station_guid = $4, level = $5, threshold = $6, quiet_minutes = $7,
         email_to = $8, webhook_url = $9, enabled = $10, updated_at = $11
       WHERE restaurant_guid = $1 AND id = $2 RETURNING ${RULE_COLUMNS}`,
      [restaurantGuid, id, ...values(input), at],
    );
    const rule = ruleOf(row!);
    await recordAudit(tx, auditOf("alert_rule.update", rule, actor, at, before, rule));
    return rule;
  });
}

/** Deletes a rule of the restaurant (its fired alerts stay listed); false when there was none. */
export async function deleteRule(
  db: Database,
  restaurantGuid: string,
  id: string,
  actor: string,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await ruleIn(tx, restaurantGuid, id);
    if (!before) return false;
    await tx.query("DELETE FROM alert_rules WHERE restaurant_guid = $1 AND id = $2", [restaurantGuid, id]);
    await recordAudit(tx, auditOf("alert_rule.delete", before, actor, at, before, undefined));
    return true;
  });
}

async function ruleIn(q: Queryable, restaurantGuid: string, id: string): Promise<AlertRule | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const rows = await q.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules WHERE restaurant_guid = $1 AND id = $2`,
    [restaurantGuid, id],
  );
  return rows[0] ? ruleOf(rows[0]) : null;
}

function auditOf(action: string, rule: AlertRule, actor: string, at: Date, before: unknown, after: unknown) {
  return {
    actorEmail: actor,
    action,
    subjectKind: "alert_rule",
    subjectId: rule.id,
    restaurantGuid: rule.restaurantGuid,
    before,
    after,
    at,
  };
}

/** Per rule, its last event and its last firing: what the next decision reads. */
export async function ruleHistory(
  db: Queryable,
  ruleIds: readonly string[],
): Promise<Map<string, { last: (AlertEvent & { seq: number }) | null; lastFiredAt: number | null }>> {
  const out = new Map(
    ruleIds.map((id) => [
      id,
      { last: null as (AlertEvent & { seq: number }) | null, lastFiredAt: null as number | null },
    ]),
  );
  if (ruleIds.length === 0) return out;
  const rows = await db.query<EventRow>(
    `SELECT DISTINCT ON (rule_id, kind) ${EVENT_COLUMNS} FROM alert_events
     WHERE rule_id = ANY($1::bigint[]) ORDER BY rule_id, kind, seq DESC`,
    [ruleIds],
  );
  for (const e of rows.map(eventOf)) {
    const h = out.get(e.ruleId)!;
    if (!h.last || e.seq > h.last.seq) h.last = e;
    if (e.kind === "fired") h.lastFiredAt = Date.parse(e.at);
  }
  return out;
}

/** Inserts the rule's event number `seq`; false when another evaluation took that number first. */
export async function insertEvent(
  db: Queryable,
  event: Omit<AlertEvent, "id" | "at"> & { seq: number; at: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO alert_events (rule_id, seq, restaurant_guid, kind, business_date, at, value, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (rule_id, seq) DO NOTHING RETURNING id`,
    [
      event.ruleId,
      event.seq,
      event.restaurantGuid,
      event.kind,
      event.businessDate,
      event.at,
      event.value,
      event.message,
    ],
  );
  return rows.length === 1;
}

/** The restaurant's events in [from, to], newest first (at most 500), and the rules still firing. */
export async function listEvents(
  db: Queryable,
  restaurantGuid: string,
  from: Date,
  to: Date,
): Promise<{ alerts: AlertEvent[]; active: AlertEvent[] }> {
  const strip = ({ seq: _seq, ...e }: AlertEvent & { seq: number }): AlertEvent => e;
  const alerts = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM alert_events WHERE restaurant_guid = $1 AND at >= $2 AND at <= $3
     ORDER BY at DESC, id DESC LIMIT 500`,
    [restaurantGuid, from, to],
  );
  const last = await db.query<EventRow>(
    `SELECT DISTINCT ON (e.rule_id) ${EVENT_COLUMNS.split(", ")
      .map((c) => `e.${c}`)
      .join(", ")}
     FROM alert_events e JOIN alert_rules r ON r.id = e.rule_id AND r.enabled
     WHERE e.restaurant_guid = $1 ORDER BY e.rule_id, e.seq DESC`,
    [restaurantGuid],
  );
  return {
    alerts: alerts.map((r) => strip(eventOf(r))),
    active: last
      .map(eventOf)
      .filter((e) => e.kind === "fired")
      .map(strip),
  };
}

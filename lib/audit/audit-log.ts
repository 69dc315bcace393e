import "server-only";

import type { Queryable } from "@/lib/db/database";

import type { AuditRecord } from "./audit-contract";

/**
 * The audit log (migration 17): who changed which person, area, restaurant or target, when, from
 * what to what. Callers write it inside the transaction of the change itself (`recordAudit(tx,
 * ...)`), so a change and its entry commit together or not at all.
 */
export interface AuditEntry {
  actorEmail: string;
  /** What was done, as `<subject>.<verb>`: "person.create", "area.update", "target.update", ... */
  action: string;
  /** What was changed: "person", "area", "restaurant", "target", ... */
  subjectKind: string;
  subjectId: string;
  /** The restaurant the change concerns, when it concerns one (filters the log by restaurant). */
  restaurantGuid?: string | null;
  /** The subject before the change (absent for a creation) and after it (absent for a deletion). */
  before?: unknown;
  after?: unknown;
  /** Defaults to the time of the call. */
  at?: Date;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  restaurant?: string;
  /** Inclusive bounds on `at`. */
  from?: Date;
  to?: Date;
  /** At most this many entries, newest first (default 500). */
  limit?: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (at, actor_email, action, subject_kind, subject_id, restaurant_guid, before_json, after_json)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.at ?? new Date(),
      entry.actorEmail,
      entry.action,
      entry.subjectKind,
      entry.subjectId,
      entry.restaurantGuid ?? null,
      json(entry.before),
      json(entry.after),
    ],
  );
}

interface AuditRow {
  id: string;
  at: Date | string;
  actor_email: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  restaurant_guid: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** The entries matching every given filter, newest first. */
export async function listAudit(db: Queryable, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace("?", `$${params.length}`));
  };
  if (filter.actor) add("actor_email = lower(?)", filter.actor.trim());
  if (filter.action) add("action = ?", filter.action);
  if (filter.restaurant) add("restaurant_guid = ?", filter.restaurant);
  if (filter.from) add("at >= ?", filter.from);
  if (filter.to) add("at <= ?", filter.to);
  params.push(filter.limit ?? 500);
  const rows = await db.query<AuditRow>(
    `SELECT id::text AS id, at, actor_email, action, subject_kind, subject_id, restaurant_guid, before_json, after_json
     FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    actorEmail: r.actor_email,
    action: r.action,
    subjectKind: r.subject_kind,
    subjectId: r.subject_id,
    restaurantGuid: r.restaurant_guid,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
  }));
}

import "server-only";

import { recordAudit } from "@/lib/audit/audit-log";
import type { Queryable } from "@/lib/db/database";

import type { Annotation, AnnotationKind } from "./annotations-contract";
import type { ConfigPart, ConfigSnapshot, PartSnapshot } from "./config-fingerprint";

/**
 * The stored annotations (table kitchen_annotations, migration 25): managers' notes, written with
 * their audit entry in one transaction, and the configuration markers the app found, each once
 * (source_key); and the last configuration read per part (kitchen_config_fingerprints).
 */

interface Row {
  id: string | number;
  business_date: string;
  kind: AnnotationKind;
  text: string;
  actor: string | null;
}

const toAnnotation = (r: Row): Annotation => ({
  id: String(r.id),
  date: r.business_date,
  kind: r.kind,
  text: r.text,
  ...(r.kind === "note" && r.actor ? { by: r.actor } : {}),
});

/** The stored annotations of [from, to], by date, then as written. */
export async function listStoredAnnotations(
  db: Queryable,
  guid: string,
  from: string,
  to: string,
): Promise<Annotation[]> {
  const rows = await db.query<Row>(
    `SELECT id, business_date, kind, text, actor FROM kitchen_annotations
     WHERE restaurant_guid = $1 AND business_date BETWEEN $2 AND $3 ORDER BY business_date, id`,
    [guid, from, to],
  );
  return rows.map(toAnnotation);
}

const audited = (r: Row) => ({ date: r.business_date, text: r.text });

export async function createNote(
  db: Queryable,
  guid: string,
  note: { date: string; text: string },
  actor: string,
  now: number = Date.now(),
): Promise<Annotation> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `INSERT INTO kitchen_annotations (restaurant_guid, business_date, kind, text, actor, created_ms, updated_ms)
       VALUES ($1, $2, 'note', $3, $4, $5, $5) RETURNING id, business_date, kind, text, actor`,
      [guid, note.date, note.text, actor, now],
    );
    await recordAudit(tx, {
      actorEmail: actor,
      action: "annotation.create",
      subjectKind: "annotation",
      subjectId: String(row!.id),
      restaurantGuid: guid,
      after: audited(row!),
    });
    return toAnnotation(row!);
  });
}

/** Null when the restaurant has no note of that id (a marker the app found is not a note). */
export async function updateNote(
  db: Queryable,
  guid: string,
  id: string,
  text: string,
  actor: string,
  now: number = Date.now(),
): Promise<Annotation | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<Row>(
      `SELECT id, business_date, kind, text, actor FROM kitchen_annotations
       WHERE id = $1 AND restaurant_guid = $2 AND kind = 'note' FOR UPDATE`,
      [id, guid],
    );
    if (!before) return null;
    const [row] = await tx.query<Row>(
      `UPDATE kitchen_annotations SET text = $3, updated_ms = $4 WHERE id = $1 AND restaurant_guid = $2
       RETURNING id, business_date, kind, text, actor`,
      [id, guid, text, now],
    );
    await recordAudit(tx, {
      actorEmail: actor,
      action: "annotation.update",
      subjectKind: "annotation",
      subjectId: id,
      restaurantGuid: guid,
      before: audited(before),
      after: audited(row!),
    });
    return toAnnotation(row!);
  });
}

/** False when the restaurant has no note of that id. */
export async function deleteNote(db: Queryable, guid: string, id: string, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `DELETE FROM kitchen_annotations WHERE id = $1 AND restaurant_guid = $2 AND kind = 'note'
       RETURNING id, business_date, kind, text, actor`,
      [id, guid],
    );
    if (!row) return false;
    await recordAudit(tx, {
      actorEmail: actor,
      action: "annotation.delete",
      subjectKind: "annotation",
      subjectId: id,
      restaurantGuid: guid,
      before: audited(row),
    });
    return true;
  });
}

export interface StoredRead {
  snapshot: ConfigSnapshot | null;
  /** The business date of the last read (of every part), or null before the first. */
  readDate: string | null;
}

/** The last configuration read of a restaurant: every part, or none (a part missing counts as never read). */
export async function readConfigFingerprints(db: Queryable, guid: string): Promise<StoredRead> {
  const rows = await db.query<{ part: ConfigPart; fingerprint: string; detail: string; read_date: string }>(
    "SELECT part, fingerprint, detail, read_date FROM kitchen_config_fingerprints WHERE restaurant_guid = $1",
    [guid],
  );
  if (rows.length < 4) return { snapshot: null, readDate: null };
  const snapshot = Object.fromEntries(
    rows.map((r) => [
      r.part,
      { fingerprint: r.fingerprint, objects: JSON.parse(r.detail) as PartSnapshot["objects"] },
    ]),
  ) as ConfigSnapshot;
  return { snapshot, readDate: rows.map((r) => r.read_date).sort()[0]! };
}

export interface MarkerInput {
  date: string;
  kind: Exclude<AnnotationKind, "note" | "item-first-sold" | "item-last-sold">;
  text: string;
  /** Names the change, so it is recorded once however many reads (or instances) find it. */
  sourceKey: string;
}

/** Keeps a read and the markers it found, in one transaction: a read is never kept without its markers. */
export async function saveConfigRead(
  db: Queryable,
  guid: string,
  snapshot: ConfigSnapshot,
  readDate: string,
  markers: readonly MarkerInput[],
  now: number = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [part, s] of Object.entries(snapshot))
      await tx.query(
        `INSERT INTO kitchen_config_fingerprints (restaurant_guid, part, fingerprint, detail, read_date)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (restaurant_guid, part) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, detail = EXCLUDED.detail, read_date = EXCLUDED.read_date`,
        [guid, part, s.fingerprint, JSON.stringify(s.objects), readDate],
      );
    for (const m of markers)
      await tx.query(
        `INSERT INTO kitchen_annotations (restaurant_guid, business_date, kind, text, source_key, created_ms, updated_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (restaurant_guid, source_key) DO NOTHING`,
        [guid, m.date, m.kind, m.text, m.sourceKey, now],
      );
  });
}

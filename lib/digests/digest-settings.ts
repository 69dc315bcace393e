import "server-only";

import type { Queryable } from "@/lib/db/database";

import type { AccountSettings, DigestFrequency } from "./digest-contract";

/** The person's settings (people.digest_frequency, migration 23); null for no such person. */
export async function readAccountSettings(db: Queryable, personId: number): Promise<AccountSettings | null> {
  const [row] = await db.query<{ digest_frequency: DigestFrequency }>(
    "SELECT digest_frequency FROM people WHERE id = $1",
    [personId],
  );
  return row ? { digest: row.digest_frequency } : null;
}

export async function writeAccountSettings(
  db: Queryable,
  personId: number,
  settings: AccountSettings,
): Promise<AccountSettings> {
  await db.query("UPDATE people SET digest_frequency = $2 WHERE id = $1", [personId, settings.digest]);
  return settings;
}

/** The active people who chose a digest, with their choice. */
export async function digestSubscribers(
  db: Queryable,
): Promise<{ id: number; email: string; role: string; digest: Exclude<DigestFrequency, "off"> }[]> {
  const rows = await db.query<{
    id: number;
    email: string;
    role: string;
    digest_frequency: "daily" | "weekly";
  }>(
    "SELECT id, email, role, digest_frequency FROM people WHERE active AND digest_frequency <> 'off' ORDER BY id",
  );
  return rows.map((r) => ({ id: Number(r.id), email: r.email, role: r.role, digest: r.digest_frequency }));
}

/**
 * Claims the one send of a person's digest of a date: true for the caller that inserted the row,
 * false for every other (another instance, or this one again). Claimed before sending, so a digest
 * is never sent twice; a send that then fails stays claimed (the mail is kept as failed in the outbox).
 */
export async function claimDigestSend(
  db: Queryable,
  personId: number,
  date: string,
  kind: "daily" | "weekly",
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO digest_sends (person_id, digest_date, kind, claimed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING person_id`,
    [personId, date, kind, at],
  );
  return rows.length === 1;
}

export async function recordDigestMail(
  db: Queryable,
  personId: number,
  date: string,
  kind: "daily" | "weekly",
  outboxId: number,
): Promise<void> {
  await db.query(
    "UPDATE digest_sends SET outbox_id = $4 WHERE person_id = $1 AND digest_date = $2 AND kind = $3",
    [personId, date, kind, outboxId],
  );
}

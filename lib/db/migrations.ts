import "server-only";

import { LOCK_NAMESPACE, type Database } from "./database";

/**
 * The schema, as an append-only list: a deployed migration is never edited, a change is a new
 * entry. Applied on start by `migrate`, each once, recorded in schema_migrations.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "kitchen days, raw record chunks and targets",
    sql: `
      CREATE TABLE kitchen_days (
        restaurant_guid text NOT NULL,
        business_date text NOT NULL CHECK (business_date ~ '^[0-9]{8}$'),
        -- complete: a closed date, fetched whole; open: a snapshot of a date not yet closed;
        -- not_entitled: the Platform answered 204; failed: the last fetch failed, no usable data.
        status text NOT NULL CHECK (status IN ('complete', 'open', 'not_entitled', 'failed')),
        attempted_at timestamptz NOT NULL,
        fetched_at timestamptz,
        reason text,
        record_count integer NOT NULL DEFAULT 0,
        summary text,
        tickets text,
        PRIMARY KEY (restaurant_guid, business_date)
      );
      CREATE TABLE kitchen_day_records (
        restaurant_guid text NOT NULL,
        business_date text NOT NULL,
        chunk integer NOT NULL,
        record_count integer NOT NULL,
        records text NOT NULL,
        PRIMARY KEY (restaurant_guid, business_date, chunk)
      );
      CREATE TABLE kitchen_targets (
        restaurant_guid text NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 0 AND 2),
        seconds integer NOT NULL CHECK (seconds BETWEEN 1 AND 86400),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (restaurant_guid, level)
      );
    `,
  },
  {
    version: 2,
    name: "what each day's export held that the figures leave out",
    sql: `
      -- JSON of lib/kitchen/ingest.ts IngestCounts (duplicates, records without a level, ...);
      -- null for days stored before it was kept.
      ALTER TABLE kitchen_days ADD COLUMN ingest text;
    `,
  },
  {
    version: 3,
    name: "Platform request budget and login back-off shared by every instance",
    sql: `
      -- One row per API client (base URL + client id, hashed): the next free send slot (spacing
      -- of 1/maxPerSecond) and the count of the current fixed window, on the database's clock.
      CREATE TABLE platform_request_budget (
        budget_key text PRIMARY KEY,
        next_slot_ms bigint NOT NULL,
        window_start_ms bigint NOT NULL,
        window_used integer NOT NULL CHECK (window_used >= 0)
      );
      -- A failed login and when the next may be sent; no row means the last login succeeded.
      CREATE TABLE platform_login_backoff (
        budget_key text PRIMARY KEY,
        failures integer NOT NULL CHECK (failures >= 0),
        reason text NOT NULL,
        status integer,
        retry_at_ms bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 4,
    name: "kitchen rollups: weeks and months of closed days, summed",
    sql: `
      -- One row per restaurant, period and metric: the summed cubes of the period's closed days
      -- (lib/kitchen/storage/rollup-codec.ts, deflated, base64): data holds what queries filtered by
      -- level at most read, detail the full cubes for the other filters. version lists the days
      -- summed with their fetched_at ("date:epochMs,..."); a reader uses the row only while
      -- kitchen_days agrees.
      CREATE TABLE kitchen_rollups (
        restaurant_guid text NOT NULL,
        period_kind text NOT NULL CHECK (period_kind IN ('week', 'month')),
        period_start text NOT NULL CHECK (period_start ~ '^[0-9]{8}$'),
        metric text NOT NULL,
        version text NOT NULL,
        data text NOT NULL,
        detail text NOT NULL,
        built_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (restaurant_guid, period_kind, period_start, metric)
      );
    `,
  },
  {
    version: 5,
    name: "sign-in sessions: revocable, with an absolute lifetime",
    sql: `
      -- One row per sign-in (lib/auth/session-store.ts). session_hash is the SHA-256 of the random
      -- session id the encrypted session cookie carries, so the table alone cannot name a live
      -- session. expires_at is fixed at sign-in (created_at + AUTH_SESSION_MAX_AGE_H) and never
      -- moves; revoked_at is set by sign-out. Rows are deleted once past expires_at.
      CREATE TABLE auth_sessions (
        session_hash text PRIMARY KEY,
        email text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX auth_sessions_expires_at ON auth_sessions (expires_at);
    `,
  },
  {
    version: 6,
    name: "sign-in throttle counters shared by every instance",
    sql: `
      -- Failed sign-ins per (account, client address), keyed by a hash of the pair: the back-off of
      -- lib/security/sign-in-throttle.ts, on the database's clock. No row: no recent failure.
      CREATE TABLE sign_in_backoff (
        throttle_key text PRIMARY KEY,
        failures integer NOT NULL CHECK (failures >= 0),
        last_failure_ms bigint NOT NULL,
        locked_until_ms bigint NOT NULL
      );
      -- The times of the attempts admitted in the last minute per client address (hashed): a
      -- sliding log of at most the per-address limit.
      CREATE TABLE sign_in_attempts (
        throttle_key text PRIMARY KEY,
        stamps bigint[] NOT NULL,
        updated_ms bigint NOT NULL
      );
    `,
  },
  {
    version: 7,
    name: "kitchen targets per station and level",
    sql: `
      -- A station's own target at one level, replacing the level's (kitchen_targets or the
      -- default) for that station's records (lib/kitchen/contract/targets.ts). No row: the
      -- station follows its level.
      CREATE TABLE kitchen_station_targets (
        restaurant_guid text NOT NULL,
        station_guid text NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 0 AND 2),
        seconds integer NOT NULL CHECK (seconds BETWEEN 1 AND 86400),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (restaurant_guid, station_guid, level)
      );
    `,
  },
  {
    version: 8,
    name: "kitchen ticket-time targets",
    sql: `
      -- Per restaurant and level, the ticket-time target (lib/kitchen/storage/ticket-targets.ts);
      -- no row: the level's default (DEFAULT_TICKET_TARGET_SECONDS).
      CREATE TABLE kitchen_ticket_targets (
        restaurant_guid text NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 0 AND 2),
        seconds integer NOT NULL CHECK (seconds BETWEEN 1 AND 86400),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (restaurant_guid, level)
      );
    `,
  },
  {
    version: 9,
    name: "kitchen location holds (refused or failing locations)",
    sql: `
      -- Per restaurant whose kitchen fetches are held (lib/kitchen/storage/location-holds.ts): parked
      -- after a permanent refusal (403, 400, a contract error), backing off after transient failures
      -- (5xx, network, timeout, 429). No row: fetches go ahead. Shared by every instance.
      CREATE TABLE kitchen_location_holds (
        restaurant_guid text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('parked', 'backing_off')),
        failures integer NOT NULL CHECK (failures >= 1),
        reason text NOT NULL,
        -- The end of the last failed attempt: a retry is due from there, not from its start.
        failed_at timestamptz NOT NULL,
        -- When the next attempt may go; pushed on while one attempt is in flight (its lease).
        retry_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 10,
    name: "platform request budgets per location",
    sql: `
      -- The service limits requests per location (restaurant): one row per API client and location
      -- (the restaurant GUID, '' for requests without one), the next free send slot and the count
      -- of the current fixed window, on the database's clock (lib/db/platform-budget.ts).
      -- platform_request_budget (migration 3) keeps one row per API client: now the optional
      -- account-wide cap (PLATFORM_ACCOUNT_MAX_*), written only when one is set.
      CREATE TABLE platform_location_budget (
        budget_key text NOT NULL,
        location text NOT NULL,
        next_slot_ms bigint NOT NULL,
        window_start_ms bigint NOT NULL,
        window_used integer NOT NULL CHECK (window_used >= 0),
        PRIMARY KEY (budget_key, location)
      );
    `,
  },
  {
    version: 11,
    name: "restaurant identities: the last good read of each, shared by instances",
    sql: `
      -- One row per restaurant (lib/restaurants/identity-store.ts): the facts of its last good read
      -- (JSON of the identity and services per weekday; null if no read ever succeeded) and how the
      -- last attempt went (problem: JSON of the failure, null after a good read). A restart or a cold
      -- cache answers from here at once and reads the Platform again in the background.
      CREATE TABLE restaurant_identities (
        restaurant_guid text PRIMARY KEY,
        facts text,
        read_at timestamptz,
        checked_at timestamptz NOT NULL,
        problem text
      );
    `,
  },
  {
    version: 16,
    name: "kitchen day claims: one fetch per date across instances without a lock held over the export",
    sql: `
      -- One row per (restaurant, date) being fetched by some instance (lib/kitchen/storage/day-claims.ts):
      -- taken in one statement before the export, deleted after the day is stored. A row past its
      -- expiry (the database's clock, epoch ms) belonged to an instance that died and may be taken.
      CREATE TABLE kitchen_day_claims (
        claim_key text PRIMARY KEY,
        token text NOT NULL,
        expires_at_ms bigint NOT NULL
      );
    `,
  },
  {
    version: 17,
    name: "people, roles, areas, the deployment's restaurants and the audit log",
    sql: `
      -- The deployment's restaurants ("added": the backfill keeps them warm, owners and admins see
      -- them all); seq keeps the order they were added in (the accounts file's order on import).
      CREATE TABLE deployment_restaurants (
        guid text PRIMARY KEY,
        seq integer GENERATED ALWAYS AS IDENTITY,
        label text NOT NULL DEFAULT '',
        added_at timestamptz NOT NULL,
        added_by text
      );
      -- Who may sign in (lib/people/people-store.ts). email is stored lower-case; the index makes it
      -- unique whatever case a caller writes. password_hash is bcrypt, null for invited people who
      -- have not chosen one yet and for OpenID Connect people. A deactivated person keeps the row
      -- (the audit log names them) and every session of theirs fails at its next request.
      CREATE TABLE people (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL CHECK (email = lower(email) AND email <> ''),
        name text,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'area_manager', 'manager', 'viewer')),
        password_hash text,
        active boolean NOT NULL DEFAULT true,
        deactivated_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX people_email ON people (lower(email));
      -- A named set of restaurants ("North", "Franchise B"); names unique whatever their case.
      CREATE TABLE areas (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL CHECK (name <> ''),
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX areas_name ON areas (lower(name));
      CREATE TABLE area_restaurants (
        area_id integer NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
        restaurant_guid text NOT NULL REFERENCES deployment_restaurants (guid) ON DELETE CASCADE,
        PRIMARY KEY (area_id, restaurant_guid)
      );
      -- Grants: a person's areas and their restaurants granted one by one (lib/access reads both).
      CREATE TABLE person_areas (
        person_id integer NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        area_id integer NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
        PRIMARY KEY (person_id, area_id)
      );
      CREATE TABLE person_restaurants (
        person_id integer NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        restaurant_guid text NOT NULL REFERENCES deployment_restaurants (guid) ON DELETE CASCADE,
        PRIMARY KEY (person_id, restaurant_guid)
      );
      -- Who changed what, when, from what to what (lib/audit/audit-log.ts); before and after are JSON
      -- text (null for a creation or a deletion). Never updated or deleted by the app.
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_email text NOT NULL,
        action text NOT NULL,
        subject_kind text NOT NULL,
        subject_id text NOT NULL,
        restaurant_guid text,
        before_json text,
        after_json text
      );
      CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
      -- The first run's import (lib/people/first-run.ts): one row, written in the import's own
      -- transaction, so the accounts file (or the demo accounts) is imported exactly once.
      CREATE TABLE people_first_run (
        id smallint PRIMARY KEY CHECK (id = 1),
        source text NOT NULL,
        completed_at timestamptz NOT NULL
      );
      `,
  },
  {
    version: 18,
    name: "mail outbox and one-time links (invitations, password resets)",
    sql: `
      -- Every message the app sends (lib/mail/outbox-store.ts), with how its delivery went: stored
      -- (no SMTP_URL: the outbox is where it is read, /admin/outbox), sending (handed to SMTP, no
      -- answer yet: a crash leaves it so), sent, or failed with the error. Nothing is lost.
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        created_at timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('stored', 'sending', 'sent', 'failed')),
        error text,
        message_id text,
        sent_at timestamptz
      );
      CREATE INDEX mail_outbox_created_at ON mail_outbox (created_at DESC, id DESC);
      -- Single-use links (lib/auth/one-time-links.ts). token_hash is the SHA-256 of the random
      -- token only the e-mail carries, so the table alone cannot be turned into a working link.
      -- payload: JSON the issuer attached (an invitation's role and scope).
      CREATE TABLE one_time_links (
        token_hash text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('invitation', 'password_reset')),
        email text NOT NULL,
        payload text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX one_time_links_email ON one_time_links (email, purpose);
      `,
  },
  {
    version: 19,
    name: "restaurant discovery: the locations the credential reaches, and the last listing's outcome",
    sql: `
      -- Every location a discovery listing has named (lib/restaurants/discovery-store.ts). accessible:
      -- named by the latest successful listing; lost_at: the listing that first no longer named it.
      CREATE TABLE discovered_restaurants (
        guid text PRIMARY KEY,
        name text,
        location_name text,
        management_group_guid text,
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        accessible boolean NOT NULL,
        lost_at timestamptz
      );
      -- One row: when discovery last ran, succeeded and failed (the Platform's error in words).
      CREATE TABLE restaurant_discovery_status (
        id integer PRIMARY KEY CHECK (id = 1),
        client_type text,
        last_attempt_at timestamptz,
        last_success_at timestamptz,
        last_error text,
        last_error_at timestamptz
      );
      `,
  },
  {
    version: 20,
    name: "kitchen targets with effective dates: group standards, restaurants' own, and their history",
    sql: `
      -- Every target change is a row, never updated nor deleted (lib/kitchen/storage/target-versions.ts):
      -- in force from effective_from (a business date, YYYYMMDD) on, so a day is judged by the targets
      -- in force on it (lib/kitchen/contract/target-versions.ts). restaurant_guid '' is the group
      -- standard (level and ticket targets only: station GUIDs are a restaurant's). seconds NULL
      -- removes the scope's target from that date. The rows are also the history: who (actor),
      -- when (recorded_ms), before_seconds (the scope's target in force on effective_from before it).
      -- The undated tables of migrations 1, 7 and 8 are copied in as in force since the beginning
      -- and no longer read.
      CREATE TABLE kitchen_target_versions (
        id bigserial PRIMARY KEY,
        restaurant_guid text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('level', 'station', 'ticket')),
        station_guid text NOT NULL DEFAULT '',
        level smallint NOT NULL CHECK (level BETWEEN 0 AND 2),
        effective_from text NOT NULL CHECK (effective_from ~ '^[0-9]{8}$'),
        seconds integer CHECK (seconds BETWEEN 1 AND 86400),
        before_seconds integer,
        recorded_ms bigint NOT NULL,
        actor text,
        CHECK ((kind = 'station') = (station_guid <> '')),
        CHECK (restaurant_guid <> '' OR kind <> 'station')
      );
      CREATE INDEX kitchen_target_versions_by_restaurant ON kitchen_target_versions (restaurant_guid, id);
      INSERT INTO kitchen_target_versions (restaurant_guid, kind, level, effective_from, seconds, recorded_ms)
        SELECT restaurant_guid, 'level', level, '19700101', seconds, (extract(epoch FROM updated_at) * 1000)::bigint
        FROM kitchen_targets ORDER BY restaurant_guid, level;
      INSERT INTO kitchen_target_versions (restaurant_guid, kind, station_guid, level, effective_from, seconds, recorded_ms)
        SELECT restaurant_guid, 'station', station_guid, level, '19700101', seconds, (extract(epoch FROM updated_at) * 1000)::bigint
        FROM kitchen_station_targets ORDER BY restaurant_guid, station_guid, level;
      INSERT INTO kitchen_target_versions (restaurant_guid, kind, level, effective_from, seconds, recorded_ms)
        SELECT restaurant_guid, 'ticket', level, '19700101', seconds, (extract(epoch FROM updated_at) * 1000)::bigint
        FROM kitchen_ticket_targets ORDER BY restaurant_guid, level;
      `,
  },
  {
    version: 21,
    name: "kitchen day level digests: the Overview's figures without decoding whole days",
    sql: `
      -- Per stored day, its level digest (lib/kitchen/query/level-digest.ts: a few hundred bytes,
      -- base64), written the first time the Overview reads the day; fetched_at_ms is the version of
      -- kitchen_days it was computed from, and a digest of another version is never used.
      CREATE TABLE kitchen_day_levels (
        restaurant_guid text NOT NULL,
        business_date text NOT NULL,
        fetched_at_ms bigint NOT NULL,
        digest text NOT NULL,
        PRIMARY KEY (restaurant_guid, business_date)
      );
      `,
  },
  {
    version: 22,
    name: "kitchen kept answers: closed ranges' answers across restarts",
    sql: `
      -- The answers of closed ranges (lib/kitchen/storage/kept-answers.ts), so the first request
      -- after a restart reads one row instead of merging its range again. answer_key is the
      -- query (kind, restaurant, fields, answer format); fingerprint the state the answer was
      -- computed from (each date's stored version, the coverage, the targets): a reader uses the
      -- row only while both match its own. answer is the JSON text, deflated, base64. Only the most
      -- recently written rows are kept: written_seq orders the writes (a timestamp could tie).
      CREATE TABLE kitchen_kept_answers (
        answer_key text PRIMARY KEY,
        restaurant_guid text NOT NULL,
        fingerprint text NOT NULL,
        answer text NOT NULL,
        written_seq bigserial NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX kitchen_kept_answers_written ON kitchen_kept_answers (written_seq);
    `,
  },
  {
    version: 23,
    name: "morning digest: each person's choice and the digests sent",
    sql: `
      -- How often a person is sent the digest (lib/digests): every closed day, on Mondays for the
      -- last Monday to Sunday, or never. Off unless the person chooses, so nobody is mailed unasked.
      ALTER TABLE people ADD COLUMN digest_frequency text NOT NULL DEFAULT 'off'
        CHECK (digest_frequency IN ('daily', 'weekly', 'off'));
      -- One row per digest sent: the sender claims it (INSERT ... ON CONFLICT DO NOTHING) before it
      -- sends, so of several instances exactly one sends a person's digest of a date. digest_date is
      -- the period's last business date (a weekly digest's Sunday); outbox_id is the mail's row.
      CREATE TABLE digest_sends (
        person_id integer NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        digest_date text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('daily', 'weekly')),
        claimed_at timestamptz NOT NULL,
        outbox_id bigint,
        PRIMARY KEY (person_id, digest_date, kind)
      );
    `,
  },
  {
    version: 24,
    name: "live late alerts: rules per restaurant and the alerts they fired",
    sql: `
      -- A rule (lib/alerts/alert-store.ts): a station or a level of one restaurant, over the open
      -- date's last 30 minutes: more than threshold % of items late (late_share), or p90 over the
      -- target by threshold minutes (p90_over_target). Channels: in the app always, e-mail to
      -- email_to (comma-separated) and a POST to webhook_url when set.
      CREATE TABLE alert_rules (
        id bigserial PRIMARY KEY,
        restaurant_guid text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('late_share', 'p90_over_target')),
        station_guid text,
        level integer CHECK (level IN (0, 1, 2)),
        threshold double precision NOT NULL,
        quiet_minutes integer NOT NULL DEFAULT 30,
        email_to text,
        webhook_url text,
        enabled boolean NOT NULL DEFAULT true,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((station_guid IS NULL) <> (level IS NULL))
      );
      CREATE INDEX alert_rules_restaurant ON alert_rules (restaurant_guid);
      -- Every alert fired and every "back to normal", per rule in order: seq is the rule's event
      -- number, so two instances evaluating one rule at once insert the same (rule_id, seq) and
      -- only one of them wins (ON CONFLICT DO NOTHING) and sends: once per firing across instances.
      CREATE TABLE alert_events (
        id bigserial PRIMARY KEY,
        rule_id bigint NOT NULL,
        seq integer NOT NULL,
        restaurant_guid text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('fired', 'cleared')),
        business_date text NOT NULL,
        at timestamptz NOT NULL,
        value double precision,
        message text NOT NULL,
        UNIQUE (rule_id, seq)
      );
      CREATE INDEX alert_events_restaurant_at ON alert_events (restaurant_guid, at);
      `,
  },
  {
    version: 25,
    name: "kitchen annotations: managers' notes and the configuration fingerprints that date markers",
    sql: `
      -- What changed, on the chart (lib/annotations). kind 'note' is a manager's note (actor, editable,
      -- deletable, audited); the others are markers the app found itself in the configuration
      -- ('prep-station', 'routing', 'menu', 'schedule'), written once each: source_key names the
      -- change (part, object, fingerprint), so a second instance or a second read records none again.
      -- Item first/last-sold markers are not stored: they are read from the stored days each time.
      CREATE TABLE kitchen_annotations (
        id bigserial PRIMARY KEY,
        restaurant_guid text NOT NULL,
        business_date text NOT NULL CHECK (business_date ~ '^[0-9]{8}$'),
        kind text NOT NULL CHECK (kind IN ('note', 'prep-station', 'routing', 'menu', 'schedule')),
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 280),
        actor text,
        source_key text,
        created_ms bigint NOT NULL,
        updated_ms bigint NOT NULL,
        CHECK ((kind = 'note') = (source_key IS NULL))
      );
      CREATE INDEX kitchen_annotations_by_date ON kitchen_annotations (restaurant_guid, business_date);
      CREATE UNIQUE INDEX kitchen_annotations_source ON kitchen_annotations (restaurant_guid, source_key);
      -- The last configuration read per restaurant and part (prep stations, routing, menu, schedule):
      -- its fingerprint, what it was made of (JSON: object key -> label and hash, to word a change),
      -- and the business date it was read on (read once a business date).
      CREATE TABLE kitchen_config_fingerprints (
        restaurant_guid text NOT NULL,
        part text NOT NULL,
        fingerprint text NOT NULL,
        detail text NOT NULL,
        read_date text NOT NULL CHECK (read_date ~ '^[0-9]{8}$'),
        PRIMARY KEY (restaurant_guid, part)
      );
    `,
  },
  {
    version: 26,
    name: "kitchen target versions: a restaurant's pass wait, ticket spread and per-channel ticket targets",
    sql: `
      -- Three more kinds of dated target (lib/kitchen/contract/target-versions.ts), a restaurant's own
      -- only: 'pass_wait' and 'ticket_spread' per level, and 'channel', one ticket target per channel
      -- (named in the new column channel, recorded at level 0). Older rows read as before.
      ALTER TABLE kitchen_target_versions DROP CONSTRAINT kitchen_target_versions_kind_check;
      ALTER TABLE kitchen_target_versions ADD CONSTRAINT kitchen_target_versions_kind_check
        CHECK (kind IN ('level', 'station', 'ticket', 'pass_wait', 'ticket_spread', 'channel'));
      ALTER TABLE kitchen_target_versions ADD COLUMN channel text NOT NULL DEFAULT '';
      ALTER TABLE kitchen_target_versions ADD CONSTRAINT kitchen_target_versions_channel_named
        CHECK ((kind = 'channel') = (channel <> '') AND (kind <> 'channel' OR level = 0));
      ALTER TABLE kitchen_target_versions ADD CONSTRAINT kitchen_target_versions_own_kinds
        CHECK (restaurant_guid <> '' OR kind IN ('level', 'ticket'));
    `,
  },
];

/**
 * Applies every migration not yet recorded. Idempotent, and safe when several instances start
 * at once on one PostgreSQL server: the whole run holds a transaction advisory lock, so the
 * second instance waits, then finds everything applied.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1::int, hashtext('schema_migrations'))", [LOCK_NAMESPACE]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const done = new Set(
      (await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) =>
        Number(r.version),
      ),
    );
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

/**
 * Versioned schema migrations. Append only: a released migration is never edited; a change
 * is a new entry with the next version.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** An archive aggregate table (quarter hour, day, month): all three have these columns. */
function aggregateTable(name: string): string {
  return `CREATE TABLE ${name} (
        pv INTEGER NOT NULL,
        t INTEGER NOT NULL,
        n INTEGER NOT NULL,
        sum REAL NOT NULL,
        vmin REAL,
        vmax REAL,
        last REAL,
        last_t INTEGER NOT NULL,
        total REAL NOT NULL,
        PRIMARY KEY (pv, t)
      ) WITHOUT ROWID;`;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'users and sessions',
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        totp_secret TEXT NOT NULL,
        domain_managed INTEGER NOT NULL DEFAULT 0,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER NOT NULL DEFAULT 0,
        last_totp_step INTEGER NOT NULL DEFAULT 0,
        password_changed_at INTEGER NOT NULL
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_user ON sessions(user_id);
    `,
  },
  {
    // Versions ascend in this list (migrate() skips any not above the stored one): a migration
    // from another branch takes the next free number when it lands.
    version: 2,
    name: 'archives and chart annotations',
    sql: `
      CREATE TABLE archive_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
      -- One row per archived PV; the integer id keeps the value tables compact.
      CREATE TABLE archive_pv (
        id INTEGER PRIMARY KEY,
        pv_key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        history_filled INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE archive_raw (
        pv INTEGER NOT NULL,
        t INTEGER NOT NULL,
        v REAL,
        PRIMARY KEY (pv, t)
      ) WITHOUT ROWID;
      -- Aggregates: t is the period start; mean = sum / n; total is a counter's increase.
      ${aggregateTable('archive_quarter_hour')}
      ${aggregateTable('archive_day')}
      ${aggregateTable('archive_month')}
      CREATE TABLE chart_annotations (
        id INTEGER PRIMARY KEY,
        timestamp INTEGER NOT NULL,
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        data_source TEXT NOT NULL,
        text TEXT NOT NULL,
        visible INTEGER NOT NULL,
        show_in_day_report INTEGER NOT NULL,
        show_in_week_report INTEGER NOT NULL,
        show_in_month_report INTEGER NOT NULL,
        show_in_year_report INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX chart_annotations_time ON chart_annotations(timestamp);
      CREATE INDEX chart_annotations_pv ON chart_annotations(pv_type, pv_nr, timestamp);
    `,
  },
  {
    // Versions ascend in this list (migrate() skips any not above the stored one): a migration
    // from another branch takes the next free number when it lands.
    version: 3,
    name: 'alerts, control events and system events',
    sql: `
      CREATE TABLE alerts (
        id INTEGER PRIMARY KEY,
        ts INTEGER NOT NULL,
        pv_type TEXT,
        pv_nr INTEGER,
        source TEXT,
        station_number INTEGER,
        station_name TEXT NOT NULL,
        source_name TEXT NOT NULL,
        text TEXT NOT NULL,
        priority INTEGER NOT NULL,
        acked_by TEXT,
        acked_at INTEGER,
        cleared_at INTEGER
      );
      CREATE INDEX alerts_ts ON alerts(ts);
      -- Pending alerts are few; a partial index keeps ack-all and the pending fetch fast.
      CREATE INDEX alerts_pending ON alerts(ts) WHERE acked_at IS NULL;
      CREATE INDEX alerts_pv ON alerts(pv_type, pv_nr, ts);
      CREATE TABLE control_events (
        id INTEGER PRIMARY KEY,
        ts INTEGER NOT NULL,
        station_number INTEGER,
        station_name TEXT NOT NULL,
        pv_type TEXT,
        pv_nr INTEGER,
        user TEXT,
        text TEXT NOT NULL
      );
      CREATE INDEX control_events_ts ON control_events(ts);
      CREATE TABLE system_events (
        id INTEGER PRIMARY KEY,
        ts INTEGER NOT NULL,
        category TEXT NOT NULL,
        user TEXT,
        text TEXT NOT NULL
      );
      CREATE INDEX system_events_ts ON system_events(ts);
    `,
  },
  {
    // Versions ascend in this list (migrate() skips any not above the stored one): a migration
    // from another branch takes the next free number when it lands.
    version: 4,
    name: 'operator settings of the plant: limits, priorities, runtimes, text messages',
    sql: `
      CREATE TABLE pv_limit_settings (
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        limit_type TEXT NOT NULL,
        limit_value REAL NOT NULL,
        priority INTEGER NOT NULL,
        delay_time INTEGER NOT NULL,
        description TEXT NOT NULL,
        message TEXT NOT NULL,
        not_set INTEGER NOT NULL,
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL,
        PRIMARY KEY (pv_type, pv_nr, limit_type)
      );
      CREATE TABLE pv_alert_priorities (
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        priority INTEGER NOT NULL,
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL,
        PRIMARY KEY (pv_type, pv_nr)
      );
      CREATE TABLE pv_runtime_settings (
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        runtime_type TEXT NOT NULL,
        value REAL NOT NULL,
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL,
        PRIMARY KEY (pv_type, pv_nr, runtime_type)
      );
      CREATE TABLE text_messages (
        id INTEGER PRIMARY KEY,
        message TEXT NOT NULL,
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL
      );
      CREATE TABLE priority_output_acks (
        station_number INTEGER NOT NULL,
        pv_group INTEGER NOT NULL,
        acked_at INTEGER NOT NULL,
        acked_by TEXT NOT NULL,
        PRIMARY KEY (station_number, pv_group)
      );
    `,
  },
  {
    version: 5,
    name: 'dashboard notes',
    sql: `
      CREATE TABLE dashboard_notes (
        id INTEGER PRIMARY KEY,
        note TEXT NOT NULL,
        updated_by TEXT,
        updated_at INTEGER NOT NULL
      );
    `,
  },
  {
    // Versions ascend in this list (migrate() skips any not above the stored one): a migration
    // from another branch takes the next free number when it lands.
    version: 16,
    name: 'report manual input',
    sql: `
      -- A value typed into a report (a lab result, a meter reading) for one row of one
      -- resolution; who entered it and when.
      CREATE TABLE report_manual_input (
        pv_key TEXT NOT NULL,
        resolution TEXT NOT NULL,
        t INTEGER NOT NULL,
        value REAL,
        entered_by TEXT NOT NULL,
        entered_at INTEGER NOT NULL,
        PRIMARY KEY (pv_key, resolution, t)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 17,
    name: 'maintenance: service intervals, notifications, life cycle, documents',
    sql: `
      CREATE TABLE maintenance_configs (
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        service_type TEXT NOT NULL,
        runtime_hours REAL NOT NULL,
        end_type TEXT NOT NULL,
        priority INTEGER NOT NULL,
        delay_time INTEGER NOT NULL,
        description TEXT NOT NULL,
        message TEXT NOT NULL,
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL,
        PRIMARY KEY (pv_type, pv_nr, service_type)
      );
      -- Where an Active interval counts from: the runtime at the last recorded service.
      CREATE TABLE maintenance_baselines (
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        service_type TEXT NOT NULL,
        runtime REAL NOT NULL,
        set_at INTEGER NOT NULL,
        PRIMARY KEY (pv_type, pv_nr, service_type)
      );
      CREATE TABLE maintenance_notifications (
        id INTEGER PRIMARY KEY,
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        service_type TEXT NOT NULL,
        target_runtime REAL NOT NULL,
        raised_at INTEGER NOT NULL,
        cleared_at INTEGER
      );
      CREATE INDEX maintenance_notifications_open ON maintenance_notifications(cleared_at);
      CREATE TABLE lifecycle_entries (
        id INTEGER PRIMARY KEY,
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        ts INTEGER NOT NULL,
        kind TEXT NOT NULL,
        description TEXT NOT NULL,
        performed_by TEXT NOT NULL,
        service_type TEXT,
        runtime_at_entry REAL,
        changed_by TEXT NOT NULL,
        changed_at INTEGER NOT NULL
      );
      CREATE INDEX lifecycle_entries_pv ON lifecycle_entries(pv_type, pv_nr, ts);
      CREATE TABLE datasheet_documents (
        id INTEGER PRIMARY KEY,
        pv_type TEXT NOT NULL,
        pv_nr INTEGER NOT NULL,
        description TEXT NOT NULL,
        doc_type TEXT NOT NULL,
        target TEXT,
        file_name TEXT,
        stored_name TEXT,
        content_type TEXT,
        size INTEGER,
        uploaded_by TEXT NOT NULL,
        uploaded_at INTEGER NOT NULL
      );
      CREATE INDEX datasheet_documents_pv ON datasheet_documents(pv_type, pv_nr);
    `,
  },
  {
    version: 18,
    name: 'favorites and recently visited pages',
    sql: `
      CREATE TABLE user_pages (
        user_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        position INTEGER NOT NULL,
        path TEXT NOT NULL,
        title TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind, position)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 19,
    name: 'remote alarming: plans, call numbers, plans to confirm',
    sql: `
      CREATE TABLE remote_call_numbers (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        number TEXT NOT NULL,
        category_id INTEGER NOT NULL,
        pv_groups TEXT NOT NULL,
        active INTEGER NOT NULL,
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL
      );
      CREATE TABLE remote_plans (
        station_number INTEGER NOT NULL,
        plan_number INTEGER NOT NULL,
        planname TEXT NOT NULL,
        groupname TEXT NOT NULL,
        active INTEGER NOT NULL,
        priorities TEXT NOT NULL,
        recipients TEXT NOT NULL,
        alerting_count INTEGER NOT NULL DEFAULT 0,
        alerting_count_max INTEGER NOT NULL,
        change_count INTEGER NOT NULL DEFAULT 0,
        change_count_max INTEGER NOT NULL,
        delivered INTEGER NOT NULL DEFAULT 0,
        undelivered INTEGER NOT NULL DEFAULT 0,
        counted_day TEXT NOT NULL DEFAULT '',
        changed_at INTEGER NOT NULL,
        changed_by TEXT NOT NULL,
        PRIMARY KEY (station_number, plan_number)
      );
      CREATE TABLE remote_plans_to_confirm (
        station_number INTEGER NOT NULL,
        plan_number INTEGER NOT NULL,
        alert_text TEXT NOT NULL,
        priority INTEGER NOT NULL,
        pending_count INTEGER NOT NULL,
        raised_at INTEGER NOT NULL,
        sent INTEGER NOT NULL,
        PRIMARY KEY (station_number, plan_number)
      );
    `,
  },
  {
    // SPEC §3 "Plan action": a plan's configured default, 0 (inactive), 1 (active) or 2
    // (invert); NULL = none configured (the switch inverts, a confirmation keeps the state).
    version: 20,
    name: 'remote alarming: the configured default of a plan action',
    sql: `ALTER TABLE remote_plans ADD COLUMN default_action INTEGER;`,
  },
  {
    // A favorite or visited page's subject (a station's, PV's or dashboard's name), so the
    // client names the page by kind and subject in the user's language; NULL for pages
    // without a subject and for those saved before.
    version: 21,
    name: 'favorites and recent pages: the subject of a page',
    sql: `ALTER TABLE user_pages ADD COLUMN subject TEXT;`,
  },
  {
    // The condition an alert stands for (limit `<pvKey>|<limitType>`, failure input `<pvKey>`,
    // other sources their binding key, `alertBindingKey`), so a restart continues the alarm
    // of a condition still true instead of raising it again (README "Alarms across a
    // restart"). At most one active alert per condition, kept by the database itself. NULL:
    // alerts of no condition (raised before this version, the alarm flood's, the seeds').
    version: 22,
    name: 'alerts: the condition an alert stands for, one active alert per condition',
    sql: `
      ALTER TABLE alerts ADD COLUMN condition TEXT;
      CREATE UNIQUE INDEX alerts_active_condition ON alerts(condition)
        WHERE cleared_at IS NULL AND condition IS NOT NULL;
      `,
  },
  {
    // Server-written event texts as a key and its parameters (JSON), so the client shows them
    // in the reader's language (src/contract/eventText.ts); NULL for the rows of before, which
    // keep their text.
    version: 23,
    name: 'event archives: the text key and parameters of an event',
    sql: `
      ALTER TABLE system_events ADD COLUMN text_key TEXT;
      ALTER TABLE system_events ADD COLUMN text_params TEXT;
      ALTER TABLE control_events ADD COLUMN text_key TEXT;
      ALTER TABLE control_events ADD COLUMN text_params TEXT;
    `,
  },
];

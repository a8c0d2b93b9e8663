import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Parents' subscriptions (issue 34, docs/notifications.md): an e-mail address (double opt-in) or
  // a browser's push subscription, the topics chosen, and when and how consent was given. Nothing
  // else about the person is kept.
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    // 'email' | 'push'
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('p256dh', 'text')
    .addColumn('auth', 'text')
    // JSON array of topics.
    .addColumn('topics', 'text', (c) => c.notNull())
    // E-mail only: 'instant' | 'daily' | 'weekly'.
    .addColumn('frequency', 'text')
    // 'pending' (an e-mail address not confirmed yet) | 'active'.
    .addColumn('status', 'text', (c) => c.notNull())
    // The SHA-256 of the e-mail's secret (confirm, manage and one-click unsubscribe links).
    .addColumn('token_hash', 'text', (c) => c.unique())
    // A pending address's confirmation link ends then; the row is deleted after it.
    .addColumn('confirm_by', 'text')
    // When a link was last mailed to the address: another request within minutes mails nothing.
    .addColumn('mailed_at', 'text')
    .addColumn('consent_at', 'text')
    // 'email-link' (the address's owner followed the link) | 'browser-permission'.
    .addColumn('consent_how', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Digests: the end of the window the last digest covered.
    .addColumn('digest_until', 'text')
    .execute();
  await db.schema.createIndex('subscriptions_email').unique().on('subscriptions').columns(['school_code', 'email']).execute();
  await db.schema.createIndex('subscriptions_endpoint').unique().on('subscriptions').columns(['school_code', 'endpoint']).execute();

  // Emergency alerts: a banner on every page of the school until it ends (or is ended), sent at once
  // to every subscriber. An operator's alert to every school is one row per school with one group_id.
  await db.schema
    .createTable('emergency_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('group_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('emergency_alerts_school').on('emergency_alerts').columns(['school_code', 'ends_at']).execute();

  // One send per published item (the unique key is what makes it once, across servers), and its log.
  await db.schema
    .createTable('notification_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    // 'pending' | 'done' | 'cancelled' (the item was no longer public when its turn came).
    .addColumn('status', 'text', (c) => c.notNull())
    // A scheduled item's send waits for it to go live.
    .addColumn('not_before', 'text', (c) => c.notNull())
    // What the message said (kept for the log and the digests).
    .addColumn('title', 'text')
    .addColumn('body', 'text')
    .addColumn('url', 'text')
    // Progress: the last subscription id each channel reached (a server killed mid-send resumes after it).
    .addColumn('push_after', 'text')
    .addColumn('email_after', 'text')
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('notification_sends_item')
    .unique()
    .on('notification_sends')
    .columns(['school_code', 'content_type', 'item_id'])
    .execute();
  // Deliveries to try again (429, 5xx, time-outs), with backoff, until the message's TTL.
  await db.schema
    .createTable('notification_retries')
    .addColumn('send_id', 'text', (c) => c.notNull().references('notification_sends.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_retries_pk', ['send_id', 'subscription_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_retries').execute();
  await db.schema.dropTable('notification_sends').execute();
  await db.schema.dropTable('emergency_alerts').execute();
  await db.schema.dropTable('subscriptions').execute();
}

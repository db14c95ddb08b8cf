import { Migration } from '@mikro-orm/migrations';

// Webhook delivery: the outbox's dispatched mark (with a partial index on what is left to dispatch), a
// NOTIFY on every insert so the dispatcher wakes at the commit instead of at its next poll, one row per
// event owed to a subscription, the log of every attempt, and since when a subscription has failed.
export class WebhookDelivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_delivery" ("subscription_id" uuid not null, "event_id" uuid not null, "event_type" varchar(64) not null, "status" varchar(16) not null default 'pending', "attempts" int not null default 0, "last_status_code" smallint null, "last_error" text null, "delivered_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("subscription_id", "event_id"));`,
    );
    this.addSql(
      `create table "webhook_attempt" ("id" bigserial primary key, "subscription_id" uuid not null, "event_id" uuid not null, "event_type" varchar(64) not null, "attempt" int not null, "attempted_at" timestamptz not null, "status_code" smallint null, "latency_ms" int not null, "error" text null, "response_prefix" text null);`,
    );
    this.addSql(`create index "webhook_attempt_subscription_id_index" on "webhook_attempt" ("subscription_id", "id");`);
    this.addSql(`alter table "outbox_event" rename column "delivered_at" to "dispatched_at";`);
    this.addSql(
      `create index "outbox_event_undispatched_index" on "outbox_event" ("created_at") where "dispatched_at" is null;`,
    );
    this.addSql(`alter table "webhook_subscription" add "failing_since" timestamptz null;`);
    this.addSql(
      `alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_attempt" add constraint "webhook_attempt_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id") on delete cascade;`,
    );
    // A notification is sent only when the inserting transaction commits, so the dispatcher never
    // looks before the row is visible. It carries nothing: the table is the truth.
    this.addSql(
      `create function "outbox_event_notify"() returns trigger language plpgsql as $$ begin perform pg_notify('outbox_event', ''); return null; end $$;`,
    );
    this.addSql(
      `create trigger "outbox_event_notify" after insert on "outbox_event" for each statement execute function "outbox_event_notify"();`,
    );
  }
}

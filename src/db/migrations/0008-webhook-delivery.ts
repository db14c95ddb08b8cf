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
    // The dispatcher's wake-up (the entity's trigger, as MikroORM writes it).
    this.addSql(
      `create or replace function "outbox_event_notify_fn"() returns trigger as $$ begin perform pg_notify('outbox_event', ''); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "notify" AFTER INSERT on "outbox_event" for each STATEMENT execute function "outbox_event_notify_fn"();`,
    );
  }
}

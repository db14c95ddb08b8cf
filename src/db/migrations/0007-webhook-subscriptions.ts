import { Migration } from '@mikro-orm/migrations';

// Webhook subscriptions of accounts: target, events, the signing secret (and the previous one during
// a rotation), and whether deliveries are active.
export class WebhookSubscriptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "webhook_subscription" ("id" uuid not null, "account_id" uuid not null, "target_url" text not null, "events" jsonb not null, "secret" text not null, "previous_secret" text null, "previous_secret_expires_at" timestamptz null, "status" varchar(16) not null default \'active\', "disabled_reason" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));',
    );
    this.addSql('create index "webhook_subscription_account_id_index" on "webhook_subscription" ("account_id");');
    this.addSql(
      'alter table "webhook_subscription" add constraint "webhook_subscription_account_id_foreign" foreign key ("account_id") references "account" ("id");',
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

// Checkouts that wait for a payment, as rows: search truth, the per-holder cap on unpaid checkouts,
// and order status by session id.
export class CheckoutSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "checkout_session" ("session_id" varchar(64) not null, "name" varchar(253) not null, "holder" varchar(128) not null, "actor_account_id" uuid null, "method" varchar(32) not null, "expires_at" timestamptz not null, "outcome" text null, "ended_at" timestamptz null, "created_at" timestamptz not null, primary key ("session_id"));',
    );
    this.addSql('create index "checkout_session_name_index" on "checkout_session" ("name");');
    this.addSql('create index "checkout_session_holder_index" on "checkout_session" ("holder");');
    this.addSql(
      "alter table \"checkout_session\" add constraint \"checkout_session_outcome_check\" check (\"outcome\" in ('registered', 'refused', 'expired_unpaid', 'cancelled'));",
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

// Renewals wait for their payment in a checkout too: each row names its operation, and a paid
// renewal closes as `renewed`. A domain may renew itself from its owner's gems up to a price cap.
export class RenewalCheckouts extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "checkout_session" add column "operation" varchar(32) not null default \'registration\';');
    this.addSql('alter table "domain" add column "auto_renew_max_gems" int null;');
    this.addSql('alter table "checkout_session" drop constraint "checkout_session_outcome_check";');
    this.addSql(
      "alter table \"checkout_session\" add constraint \"checkout_session_outcome_check\" check (\"outcome\" in ('registered', 'renewed', 'refused', 'expired_unpaid', 'cancelled'));",
    );
  }
}

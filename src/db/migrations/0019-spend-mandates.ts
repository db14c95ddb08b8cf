import { Migration } from '@mikro-orm/migrations';

// Spend mandates (docs/mandates.md): the person's limits per agent, the history of every change, and
// each spend counted against them (reserved at checkout start, spent at activation, else released).
export class SpendMandates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "spend_mandate" ("account_id" uuid not null, "per_operation_usd_micros" bigint null, "per_operation_gems" bigint null, "daily_usd_micros" bigint null, "daily_gems" bigint null, "monthly_usd_micros" bigint null, "monthly_gems" bigint null, "approval_above_usd_micros" bigint null, "approval_above_gems" bigint null, "allowed_operations" text[] null, "allowed_namespaces" text[] null, "updated_by" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("account_id"));',
    );
    this.addSql(
      'create table "mandate_change" ("id" serial primary key, "account_id" uuid not null, "changed_by" uuid not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null);',
    );
    this.addSql('create index "mandate_change_account_id_index" on "mandate_change" ("account_id");');
    this.addSql(
      'create table "mandate_spend" ("key" varchar(160) not null, "account_id" uuid not null, "operation" text not null, "name" varchar(253) not null, "usd_micros" bigint not null, "gems" bigint not null, "status" text not null, "settled_at" timestamptz null, "created_at" timestamptz not null, primary key ("key"));',
    );
    this.addSql('create index "mandate_spend_account_created_index" on "mandate_spend" ("account_id", "created_at");');
    this.addSql(
      `alter table "mandate_spend" add constraint "mandate_spend_operation_check" check ("operation" in ('register', 'renew', 'buy', 'offer'));`,
    );
    this.addSql(
      `alter table "mandate_spend" add constraint "mandate_spend_status_check" check ("status" in ('reserved', 'spent', 'released'));`,
    );
  }
}

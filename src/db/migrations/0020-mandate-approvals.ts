import { Migration } from '@mikro-orm/migrations';

// Approvals above a mandate's threshold (docs/mandates.md "Approvals"): one row per checkout that waits
// for the person; the decision is taken here, once, and the waiting run is signalled after.
export class MandateApprovals extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "mandate_approval" ("id" uuid not null, "account_id" uuid not null, "operation" text not null, "name" varchar(253) not null, "session_id" varchar(64) not null, "workflow_id" varchar(300) not null, "method" varchar(40) not null, "usd_micros" bigint not null, "gems" bigint not null, "status" text not null, "requested_at" timestamptz not null, "expires_at" timestamptz not null, "decided_at" timestamptz null, "decided_by" uuid null, primary key ("id"));',
    );
    this.addSql(
      'create index "mandate_approval_account_requested_index" on "mandate_approval" ("account_id", "requested_at");',
    );
    this.addSql(
      'alter table "mandate_approval" add constraint "mandate_approval_session_unique" unique ("session_id");',
    );
    this.addSql(
      `alter table "mandate_approval" add constraint "mandate_approval_operation_check" check ("operation" in ('register', 'renew', 'buy', 'offer'));`,
    );
    this.addSql(
      `alter table "mandate_approval" add constraint "mandate_approval_status_check" check ("status" in ('pending', 'approved', 'refused', 'expired'));`,
    );
  }
}

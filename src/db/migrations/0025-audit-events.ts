import { Migration } from '@mikro-orm/migrations';

// The audit trail (docs/teams.md "Audit trail"): one append-only event per change, written in its transaction.
export class AuditEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audit_event" ("id" bigserial primary key, "request_id" uuid not null, "at" timestamptz not null default now(), "actor_account_id" uuid null, "credential_kind" varchar(16) null, "credential_id" varchar(128) null, "ip" varchar(64) null, "action" varchar(200) not null, "object" varchar(300) null, "details" jsonb not null);`,
    );
    this.addSql(`alter table "audit_event" add constraint "audit_event_request_id_unique" unique ("request_id");`);
    this.addSql(`create index "audit_event_actor_at_index" on "audit_event" ("actor_account_id", "at");`);
    this.addSql(`create index "audit_event_object_at_index" on "audit_event" ("object", "at");`);
    this.addSql(
      `create or replace function "audit_event_append_only_fn"() returns trigger as $$ begin raise exception 'audit events are append-only'; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "append_only" BEFORE UPDATE OR DELETE on "audit_event" for each ROW execute function "audit_event_append_only_fn"();`,
    );
  }
}

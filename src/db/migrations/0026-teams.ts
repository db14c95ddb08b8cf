import { Migration } from '@mikro-orm/migrations';

// Teams (docs/teams.md "Organizations"): a team is an account (it owns as a person does), with members
// holding one role each and single-use invitation links. A team's live key remembers the member who made
// it; a session remembers the team chosen in the switcher; an audit event names the member who acted, and the
// owner whose asset the registry changed by itself (expiry, auto-renewal).
export class Teams extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "team" ("id" uuid not null, "name" varchar(100) not null, "created_by" uuid not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create table "team_member" ("team_id" uuid not null, "account_id" uuid not null, "role" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("team_id", "account_id"));`,
    );
    this.addSql(`create index "team_member_account_id_index" on "team_member" ("account_id");`);
    this.addSql(
      `alter table "team_member" add constraint "team_member_role_check" check ("role" in ('owner', 'admin', 'operator', 'billing', 'auditor'));`,
    );
    this.addSql(
      `create table "team_invitation" ("id" uuid not null, "team_id" uuid not null, "token_hash" varchar(64) not null, "role" text not null, "created_by" uuid not null, "expires_at" timestamptz not null, "used_by" uuid null, "used_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "team_invitation_team_id_index" on "team_invitation" ("team_id");`);
    this.addSql(
      `alter table "team_invitation" add constraint "team_invitation_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `alter table "team_invitation" add constraint "team_invitation_role_check" check ("role" in ('owner', 'admin', 'operator', 'billing', 'auditor'));`,
    );
    this.addSql(`alter table "api_key" add column "created_by" uuid null;`);
    this.addSql(`alter table "web_session" add column "team_id" uuid null;`);
    this.addSql(
      `alter table "audit_event" add column "member_account_id" uuid null, add column "subject_account_id" uuid null;`,
    );
    this.addSql(`create index "audit_event_subject_at_index" on "audit_event" ("subject_account_id", "at");`);
  }
}

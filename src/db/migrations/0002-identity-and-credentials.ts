import { Migration } from '@mikro-orm/migrations';

// Identities and credentials: agent assurance and operator link, wallet- and identity-provider-derived
// accounts, API keys, claim codes, browser sessions, reseller organizations and sunrise whitelists.
export class IdentityAndCredentials extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "api_key" ("id" varchar(32) not null, "account_id" uuid not null, "key_class" text not null, "name" varchar(255) null, "secret_hash" varchar(64) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));',
    );
    this.addSql('create index "api_key_account_id_index" on "api_key" ("account_id");');
    this.addSql(
      'create table "claim_code" ("code_hash" varchar(64) not null, "account_id" uuid not null, "created_at" timestamptz not null, "used_at" timestamptz null, "used_by_id" uuid null, primary key ("code_hash"));',
    );
    this.addSql('create index "claim_code_account_id_index" on "claim_code" ("account_id");');
    this.addSql(
      'create table "namespace_whitelist" ("namespace_name" varchar(63) not null, "account_id" uuid not null, "created_at" timestamptz not null, primary key ("namespace_name", "account_id"));',
    );
    this.addSql(
      'create table "organization" ("id" uuid not null, "name" varchar(255) not null, "active" boolean not null default true, "created_at" timestamptz not null, primary key ("id"));',
    );
    this.addSql('alter table "organization" add constraint "organization_name_unique" unique ("name");');
    this.addSql(
      'create table "organization_customer" ("organization_id" uuid not null, "account_id" uuid not null, "created_at" timestamptz not null, primary key ("organization_id", "account_id"));',
    );
    this.addSql(
      'create table "organization_member" ("organization_id" uuid not null, "account_id" uuid not null, "active" boolean not null default true, "created_at" timestamptz not null, primary key ("organization_id", "account_id"));',
    );
    this.addSql(
      'create table "org_credential" ("id" varchar(32) not null, "organization_id" uuid not null, "member_id" uuid not null, "secret_hash" varchar(64) not null, "allowed_routes" jsonb not null, "customer_ids" jsonb null, "domain_names" jsonb null, "namespace_ops" jsonb not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));',
    );
    this.addSql('create index "org_credential_organization_id_index" on "org_credential" ("organization_id");');
    this.addSql(
      'create table "web_session" ("token_hash" varchar(64) not null, "account_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("token_hash"));',
    );
    this.addSql('create index "web_session_account_id_index" on "web_session" ("account_id");');
    this.addSql(
      'alter table "account" add "assurance" text null, add "operator_account_id" uuid null, add "claimed_at" timestamptz null, add "wallet_address" varchar(42) null, add "idp_issuer" varchar(255) null, add "idp_subject" varchar(255) null, add "is_operator" boolean not null default false;',
    );
    this.addSql(
      'alter table "account" add constraint "account_operator_account_id_foreign" foreign key ("operator_account_id") references "account" ("id") on delete set null;',
    );
    this.addSql(
      'alter table "account" drop column "operator_linked", add "is_reseller" boolean not null default false;',
    );
    this.addSql('alter table "account" add constraint "account_wallet_address_unique" unique ("wallet_address");');
    this.addSql(
      'alter table "account" add constraint "account_idp_issuer_idp_subject_unique" unique ("idp_issuer", "idp_subject");',
    );
    this.addSql(
      'alter table "account" add constraint "account_assurance_check" check ("assurance" in (\'anonymous\', \'claimed\'));',
    );
    this.addSql(
      'alter table "api_key" add constraint "api_key_account_id_foreign" foreign key ("account_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "api_key" add constraint "api_key_key_class_check" check ("key_class" in (\'agent\', \'live\'));',
    );
    this.addSql(
      'alter table "claim_code" add constraint "claim_code_account_id_foreign" foreign key ("account_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "claim_code" add constraint "claim_code_used_by_id_foreign" foreign key ("used_by_id") references "account" ("id") on delete set null;',
    );
    this.addSql(
      'alter table "namespace_whitelist" add constraint "namespace_whitelist_namespace_name_foreign" foreign key ("namespace_name") references "namespace" ("name") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "namespace_whitelist" add constraint "namespace_whitelist_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "organization_customer" add constraint "organization_customer_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "organization_customer" add constraint "organization_customer_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "organization_member" add constraint "organization_member_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "organization_member" add constraint "organization_member_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "org_credential" add constraint "org_credential_organization_id_foreign" foreign key ("organization_id") references "organization" ("id");',
    );
    this.addSql(
      'alter table "org_credential" add constraint "org_credential_member_id_foreign" foreign key ("member_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "web_session" add constraint "web_session_account_id_foreign" foreign key ("account_id") references "account" ("id");',
    );
  }
}

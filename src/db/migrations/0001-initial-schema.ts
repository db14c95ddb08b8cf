import { Migration } from '@mikro-orm/migrations';

// Namespaces (from the catalog), accounts and registered domains.
export class InitialSchema extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account" ("id" uuid not null, "kind" text not null, "display_name" varchar(255) null, "operator_linked" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "account" add constraint "account_kind_check" check ("kind" in ('human', 'agent'));`);
    this.addSql(
      `create table "namespace" ("name" varchar(63) not null, "source" text not null, "provider" varchar(255) not null, "launch_phase" text not null, "human_price_per_year" int not null, "agent_price_per_year" int not null, "reserved_names" jsonb not null, "whitelist_rule" text not null, "tagline" text not null, "description" text not null, "use_cases" jsonb not null, "catalog_version" varchar(255) not null, "position" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("name"));`,
    );
    this.addSql(
      `alter table "namespace" add constraint "namespace_source_check" check ("source" in ('native', 'partners'));`,
    );
    this.addSql(
      `alter table "namespace" add constraint "namespace_launch_phase_check" check ("launch_phase" in ('public', 'sunrise', 'coming_soon'));`,
    );
    this.addSql(
      `create table "domain" ("id" serial primary key, "name" varchar(253) not null, "label" varchar(63) not null, "namespace_name" varchar(63) not null, "owner_id" uuid not null, "status" varchar(32) not null default 'active', "registration_date" timestamptz not null, "expiry_date" timestamptz not null, "squad_id" varchar(255) null, "capabilities" jsonb not null, "profile" jsonb not null, "storefront_id" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "domain" add constraint "domain_name_unique" unique ("name");`);
    this.addSql(`create index "domain_owner_id_index" on "domain" ("owner_id");`);
    this.addSql(`create index "domain_expiry_date_index" on "domain" ("expiry_date");`);
    this.addSql(`alter table "domain" add constraint "domain_storefront_id_unique" unique ("storefront_id");`);
    this.addSql(
      `alter table "domain" add constraint "domain_namespace_name_foreign" foreign key ("namespace_name") references "namespace" ("name");`,
    );
    this.addSql(
      `alter table "domain" add constraint "domain_owner_id_foreign" foreign key ("owner_id") references "account" ("id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "domain" cascade;`);
    this.addSql(`drop table if exists "namespace" cascade;`);
    this.addSql(`drop table if exists "account" cascade;`);
  }
}

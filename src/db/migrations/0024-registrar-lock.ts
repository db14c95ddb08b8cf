import { Migration } from '@mikro-orm/migrations';

// A name's registrar lock and the requests to lift it (docs/teams.md "Registrar lock"); at most one pending
// request per domain, so two people asking at once get one request, not two runs.
export class RegistrarLock extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "domain" add column "locked_at" timestamptz null, add column "locked_by" uuid null;');
    this.addSql(
      `create table "registrar_unlock" ("id" uuid not null, "domain_id" int not null, "domain_name" varchar(253) not null, "requested_by" uuid not null, "effective_at" timestamptz not null, "status" text not null, "decided_by" uuid null, "decided_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "registrar_unlock_domain_id_index" on "registrar_unlock" ("domain_id");`);
    this.addSql(
      `alter table "registrar_unlock" add constraint "registrar_unlock_status_check" check ("status" in ('pending', 'approved', 'cancelled', 'applied'));`,
    );
    this.addSql(
      `create unique index "registrar_unlock_one_pending" on "registrar_unlock" ("domain_id") where "status" in ('pending', 'approved');`,
    );
  }
}

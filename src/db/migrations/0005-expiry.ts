import { Migration } from '@mikro-orm/migrations';

// Expiry (docs/registration.md "Expiry"): a name is unique only among the records that still hold it, so an expired
// record stays as history and the name can be registered again as a new record; the sweep walks
// (status, expiry_date, id); reminders are recorded once per domain, term and mark.
export class Expiry extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "domain" drop constraint "domain_name_unique";');
    this.addSql(`create unique index "domain_name_live_unique" on "domain" ("name") where "status" <> 'expired';`);
    this.addSql('drop index "domain_expiry_date_index";');
    this.addSql('create index "domain_status_expiry_date_id_index" on "domain" ("status", "expiry_date", "id");');
    this.addSql(
      'create table "domain_reminder" ("domain_id" int not null, "term_expiry" timestamptz not null, "days_before" smallint not null, "created_at" timestamptz not null, primary key ("domain_id", "term_expiry", "days_before"));',
    );
    this.addSql(
      'create index "domain_reminder_days_before_term_expiry_index" on "domain_reminder" ("days_before", "term_expiry");',
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

// Profile editing (docs/api.md "Profiles"): the owner's own skill text, and a storefront bound to at most one
// live domain — unique among the records that hold a name, as the name is, so an expired record (kept as
// history) no longer holds the storefront it was bound to.
export class ProfileEditing extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "domain" add column "skill_md" text null;');
    this.addSql('alter table "domain" drop constraint "domain_storefront_id_unique";');
    this.addSql(
      `create unique index "domain_storefront_live_unique" on "domain" ("storefront_id") where "status" <> 'expired';`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

// The database announces each committed change of a public read on channel `public_change`
// (src/db/entities/public-change.ts; docs/performance.md "The read cache").
export class PublicChangeNotifications extends Migration {
  override async up(): Promise<void> {
    for (const [table, column] of [
      ['domain', 'name'],
      ['listing', 'domain_name'],
      ['checkout_session', 'name'],
    ] as const) {
      this.addSql(
        `create or replace function "${table}_public_change_fn"() returns trigger as $$ begin perform pg_notify('public_change', coalesce(NEW.${column}, OLD.${column})); return null; end; $$ language plpgsql;`,
      );
      this.addSql(
        `create trigger "public_change" AFTER INSERT OR UPDATE OR DELETE on "${table}" for each ROW execute function "${table}_public_change_fn"();`,
      );
    }
    this.addSql(
      `create or replace function "account_public_change_fn"() returns trigger as $$ begin if NEW.operator_account_id is distinct from OLD.operator_account_id then perform pg_notify('public_change', '*'); end if; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      'create trigger "public_change" AFTER UPDATE on "account" for each ROW execute function "account_public_change_fn"();',
    );
  }
}

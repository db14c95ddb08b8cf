import { Migration } from '@mikro-orm/migrations';

// API keys and accounts are remembered by the read cache too (docs/performance.md "The read cache"):
// every change of a key, a revocation above all, is announced as `key:<id>`, and of an account as
// `account:<id>`, on `public_change` at commit.
export class KeyChangeNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create or replace function "api_key_public_change_fn"() returns trigger as $$ begin perform pg_notify('public_change', 'key:' || coalesce(NEW.id, OLD.id)); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      'create trigger "public_change" AFTER INSERT OR UPDATE OR DELETE on "api_key" for each ROW execute function "api_key_public_change_fn"();',
    );
    this.addSql(
      `create or replace function "account_public_change_fn"() returns trigger as $$ begin perform pg_notify('public_change', 'account:' || NEW.id); if NEW.operator_account_id is distinct from OLD.operator_account_id then perform pg_notify('public_change', '*'); end if; return null; end; $$ language plpgsql;`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

// Whether an agent has a spend mandate is remembered by the read cache (GET /api/v1/agents/me reads the
// standing only for an agent that has one): setting or removing a mandate is announced as
// `account:<id>` on `public_change` at commit, as an account change is (migration 0014).
export class MandateChangeNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create or replace function "spend_mandate_public_change_fn"() returns trigger as $$ begin perform pg_notify('public_change', 'account:' || coalesce(NEW.account_id, OLD.account_id)); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      'create trigger "public_change" AFTER INSERT OR UPDATE OR DELETE on "spend_mandate" for each ROW execute function "spend_mandate_public_change_fn"();',
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

// A checkout row whose run never started (the API stopped between recording it and starting the run)
// is closed by the expiry sweep as `abandoned`, apart from a checkout that lapsed unpaid under its run
// (`expired_unpaid`): no client ever held its session, and an operator counting lapsed checkouts should
// not count it. The order-status route reports it `expired_unpaid`, which is what it is to a client.
export class AbandonedCheckouts extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "checkout_session" drop constraint "checkout_session_outcome_check";');
    this.addSql(
      `alter table "checkout_session" add constraint "checkout_session_outcome_check" check ("outcome" in ('registered', 'renewed', 'purchased', 'refused', 'expired_unpaid', 'cancelled', 'abandoned'));`,
    );
  }
}

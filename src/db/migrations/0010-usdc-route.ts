import { Migration } from '@mikro-orm/migrations';

// The USDC route (docs/payments.md "USDC route"): a checkout settled by the checkout relay remembers the relay's
// session, so its status can be read there whatever the state of the run that followed it.
export class UsdcRoute extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "checkout_session" add column "relay_session_id" varchar(64) null;');
  }
}

import { Migration } from '@mikro-orm/migrations';

// Who holds an idempotency key now (docs/api.md "Idempotency keys"): a fresh token on every claim
// and takeover, checked by every later write, so a stalled request whose hold lapsed and was taken over
// can neither record its answer over the new holder's nor end its hold. Null on keys claimed before it.
export class IdempotencyKeyHolder extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "idempotency_key" add column "holder" varchar(36) null;');
  }
}

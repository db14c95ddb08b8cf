import { Migration } from '@mikro-orm/migrations';

// The operation (an Idempotency-Key's) that decided an offer, so a retry of a decision whose answer was
// lost finds its own decision instead of a 409 (docs/api.md "Idempotency keys").
export class OfferDecisionOperation extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "offer" add column "decided_by_operation" varchar(64) null;');
  }
}

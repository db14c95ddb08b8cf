import { Migration } from '@mikro-orm/migrations';

// Idempotency keys of mutating requests (docs/api.md "Idempotency keys"): one row per credential
// and key, holding the request's fingerprint while it runs and its answer once given.
export class IdempotencyKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "idempotency_key" ("scope" varchar(200) not null, "key" varchar(255) not null, "fingerprint" varchar(64) not null, "held_until" timestamptz not null, "status" int null, "content_type" varchar(100) null, "body" text null, "created_at" timestamptz not null, "answered_at" timestamptz null, primary key ("scope", "key"));',
    );
    this.addSql('create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at");');
  }
}

import { Migration } from '@mikro-orm/migrations';

// Orders (the activity ledger), verified payment receipts, the event outbox, coupons and the
// double-entry gems ledger.
export class OrdersAndLedger extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "coupon" ("code" varchar(64) not null, "percent_off" int not null, "max_uses" int not null, "used_count" int not null default 0, "namespace" varchar(63) null, "expires_at" timestamptz null, "created_at" timestamptz not null, primary key ("code"));',
    );
    this.addSql(
      'create table "domain_order" ("id" serial primary key, "reference" varchar(128) not null, "kind" text not null, "domain_name" varchar(253) not null, "domain_id" int null, "account_id" uuid not null, "owner_id" uuid not null, "status" varchar(16) not null default \'paid\', "payment_method" text not null, "years" int null, "amount_gems" int not null, "amount_minor" bigint null, "currency" varchar(16) not null, "payment_reference" varchar(255) null, "reseller_channel" varchar(255) null, "wholesale" boolean not null default false, "details" jsonb not null, "created_at" timestamptz not null);',
    );
    this.addSql('alter table "domain_order" add constraint "domain_order_reference_unique" unique ("reference");');
    this.addSql('create index "domain_order_domain_name_index" on "domain_order" ("domain_name");');
    this.addSql('create index "domain_order_account_id_index" on "domain_order" ("account_id");');
    this.addSql('create index "domain_order_owner_id_index" on "domain_order" ("owner_id");');
    this.addSql(
      'create table "ledger_transaction" ("id" serial primary key, "reference" varchar(128) not null, "kind" varchar(32) not null, "memo" varchar(255) null, "created_at" timestamptz not null);',
    );
    this.addSql(
      'alter table "ledger_transaction" add constraint "ledger_transaction_reference_unique" unique ("reference");',
    );
    this.addSql(
      'create table "ledger_line" ("id" serial primary key, "transaction_id" int not null, "book" varchar(64) not null, "amount" int not null, "created_at" timestamptz not null);',
    );
    this.addSql('create index "ledger_line_transaction_id_index" on "ledger_line" ("transaction_id");');
    this.addSql('create index "ledger_line_book_index" on "ledger_line" ("book");');
    this.addSql(
      'create table "outbox_event" ("id" uuid not null, "event_type" varchar(64) not null, "payload" jsonb not null, "created_at" timestamptz not null, "delivered_at" timestamptz null, primary key ("id"));',
    );
    this.addSql(
      'create table "payment_receipt" ("id" serial primary key, "chain_id" int not null, "tx_hash" varchar(66) not null, "session_id" varchar(64) not null, "payer" varchar(42) not null, "amount_minor" bigint not null, "token" varchar(42) not null, "receipt" text not null, "created_at" timestamptz not null);',
    );
    this.addSql('create index "payment_receipt_session_id_index" on "payment_receipt" ("session_id");');
    this.addSql(
      'alter table "payment_receipt" add constraint "payment_receipt_chain_id_tx_hash_unique" unique ("chain_id", "tx_hash");',
    );
    this.addSql(
      'alter table "domain_order" add constraint "domain_order_account_id_foreign" foreign key ("account_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "domain_order" add constraint "domain_order_owner_id_foreign" foreign key ("owner_id") references "account" ("id");',
    );
    this.addSql(
      "alter table \"domain_order\" add constraint \"domain_order_kind_check\" check (\"kind\" in ('registration', 'renewal', 'transfer', 'purchase'));",
    );
    this.addSql(
      "alter table \"domain_order\" add constraint \"domain_order_payment_method_check\" check (\"payment_method\" in ('mpp', 'gems', 'free', 'gfavip_checkout'));",
    );
    this.addSql(
      'alter table "ledger_line" add constraint "ledger_line_transaction_id_foreign" foreign key ("transaction_id") references "ledger_transaction" ("id");',
    );
  }
}

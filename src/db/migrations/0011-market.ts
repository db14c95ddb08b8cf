import { Migration } from '@mikro-orm/migrations';

// The secondary market (docs/market.md "Market"): listings (one per domain record), offers (a gems offer's
// amount sits in the ledger's escrow book), completed sales with their split and the payout of the
// seller's pathUSD proceeds, and the account's payout address.
export class Market extends Migration {
  override async up(): Promise<void> {
    // pathUSD amounts in minor units outgrow 32 bits; the market's order kinds; a checkout ends `purchased`.
    this.addSql('alter table "checkout_session" drop constraint "checkout_session_outcome_check";');
    this.addSql(
      `alter table "checkout_session" add constraint "checkout_session_outcome_check" check ("outcome" in ('registered', 'renewed', 'purchased', 'refused', 'expired_unpaid', 'cancelled'));`,
    );
    this.addSql('alter table "ledger_line" alter column "amount" type bigint using ("amount"::bigint);');
    this.addSql('alter table "domain_order" drop constraint "domain_order_kind_check";');
    this.addSql(
      `alter table "domain_order" add constraint "domain_order_kind_check" check ("kind" in ('registration', 'renewal', 'transfer', 'purchase', 'sale', 'payout', 'offer_escrow', 'offer_release'));`,
    );
    this.addSql(
      'create table "listing" ("domain_id" int not null, "domain_name" varchar(253) not null, "seller_id" uuid not null, "price_gems" int null, "price_usd_minor" bigint null, "min_offer_gems" int null, "min_offer_usd_minor" bigint null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("domain_id"));',
    );
    this.addSql('alter table "listing" add constraint "listing_domain_name_unique" unique ("domain_name");');
    this.addSql('create index "listing_seller_id_index" on "listing" ("seller_id");');
    this.addSql(
      `create table "offer" ("id" uuid not null, "domain_id" int not null, "domain_name" varchar(253) not null, "bidder_id" uuid not null, "seller_id" uuid not null, "currency" text not null, "amount" bigint not null, "status" text not null default 'pending', "expires_at" timestamptz not null, "decided_at" timestamptz null, "sale_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql('create index "offer_domain_id_index" on "offer" ("domain_id");');
    this.addSql('create index "offer_bidder_id_index" on "offer" ("bidder_id");');
    this.addSql('create index "offer_seller_id_index" on "offer" ("seller_id");');
    this.addSql(`create index "offer_pending_domain_index" on "offer" ("domain_id") where "status" = 'pending';`);
    this.addSql(
      'create table "sale" ("id" serial primary key, "reference" varchar(128) not null, "domain_id" int not null, "domain_name" varchar(253) not null, "seller_id" uuid not null, "buyer_id" uuid not null, "referrer_id" uuid null, "currency" text not null, "price" bigint not null, "seller_amount" bigint not null, "referrer_amount" bigint not null, "platform_amount" bigint not null, "source" varchar(16) not null, "payment_reference" varchar(255) null, "payout_status" varchar(16) null, "payout_address" varchar(42) null, "payout_raw_tx" text null, "payout_tx_hash" varchar(66) null, "created_at" timestamptz not null);',
    );
    this.addSql('alter table "sale" add constraint "sale_reference_unique" unique ("reference");');
    this.addSql('create index "sale_domain_id_index" on "sale" ("domain_id");');
    this.addSql('create index "sale_seller_id_index" on "sale" ("seller_id");');
    this.addSql('create index "sale_buyer_id_index" on "sale" ("buyer_id");');
    this.addSql('create index "sale_created_at_index" on "sale" ("created_at");');
    this.addSql('alter table "account" add "payout_address" varchar(42) null;');
    this.addSql(
      'alter table "listing" add constraint "listing_seller_id_foreign" foreign key ("seller_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "offer" add constraint "offer_bidder_id_foreign" foreign key ("bidder_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "offer" add constraint "offer_seller_id_foreign" foreign key ("seller_id") references "account" ("id");',
    );
    this.addSql(`alter table "offer" add constraint "offer_currency_check" check ("currency" in ('gems', 'pathusd'));`);
    this.addSql(
      `alter table "offer" add constraint "offer_status_check" check ("status" in ('pending', 'accepted', 'rejected', 'withdrawn', 'expired'));`,
    );
    this.addSql(
      'alter table "sale" add constraint "sale_seller_id_foreign" foreign key ("seller_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "sale" add constraint "sale_buyer_id_foreign" foreign key ("buyer_id") references "account" ("id");',
    );
    this.addSql(
      'alter table "sale" add constraint "sale_referrer_id_foreign" foreign key ("referrer_id") references "account" ("id") on delete set null;',
    );
    this.addSql(`alter table "sale" add constraint "sale_currency_check" check ("currency" in ('gems', 'pathusd'));`);
  }
}

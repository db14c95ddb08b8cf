import { Migration } from '@mikro-orm/migrations';

// A name's DS records for RDAP, and its entry in an ERC-8004 identity registry, the fifth paid operation (docs/discovery.md "On chain"):
// its table, with the public-change trigger every table of public facts has, and the words it adds to the
// checkout outcomes (`identity_registered`), the order kinds (`onchain_identity`) and the mandate
// operations (`identity`).
export class OnchainIdentity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "onchain_identity" ("id" serial primary key, "domain_id" int not null, "domain_name" varchar(253) not null, "session_id" varchar(64) not null, "chain_id" int not null, "registry" varchar(42) not null, "agent_uri" text not null, "status" text not null, "raw_tx" text null, "tx_hash" varchar(66) null, "agent_id" bigint null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "onchain_identity" add constraint "onchain_identity_domain_id_unique" unique ("domain_id");`,
    );
    this.addSql(`create index "onchain_identity_domain_name_index" on "onchain_identity" ("domain_name");`);
    this.addSql(
      `alter table "onchain_identity" add constraint "onchain_identity_session_id_unique" unique ("session_id");`,
    );
    this.addSql(
      `alter table "onchain_identity" add constraint "onchain_identity_status_check" check ("status" in ('paid', 'sent', 'registered'));`,
    );
    this.addSql(
      `create or replace function "onchain_identity_public_change_fn"() returns trigger as $$ begin perform pg_notify('public_change', coalesce(NEW.domain_name, OLD.domain_name)); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "public_change" AFTER INSERT OR UPDATE OR DELETE on "onchain_identity" for each ROW execute function "onchain_identity_public_change_fn"();`,
    );
    // The DS records a name's signed zone is delegated with (docs/dns-and-rdap.md "DNSSEC"), for RDAP's secureDNS.
    this.addSql('alter table "domain" add column "dns_ds" text[] null;');
    this.addSql('alter table "checkout_session" drop constraint "checkout_session_outcome_check";');
    this.addSql(
      `alter table "checkout_session" add constraint "checkout_session_outcome_check" check ("outcome" in ('registered', 'renewed', 'purchased', 'identity_registered', 'refused', 'expired_unpaid', 'cancelled', 'abandoned'));`,
    );
    this.addSql('alter table "domain_order" drop constraint "domain_order_kind_check";');
    this.addSql(
      `alter table "domain_order" add constraint "domain_order_kind_check" check ("kind" in ('registration', 'renewal', 'transfer', 'purchase', 'sale', 'payout', 'offer_escrow', 'offer_release', 'onchain_identity'));`,
    );
    for (const table of ['mandate_spend', 'mandate_approval']) {
      this.addSql(`alter table "${table}" drop constraint "${table}_operation_check";`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_operation_check" check ("operation" in ('register', 'renew', 'buy', 'offer', 'identity'));`,
      );
    }
  }
}

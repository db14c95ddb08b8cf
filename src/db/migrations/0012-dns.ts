import { Migration } from '@mikro-orm/migrations';

// DNS (docs/dns-and-rdap.md "DNS"): each domain record's desired records, whether its delegation is published, and
// the version of its desired DNS against the version PowerDNS last received.
export class Dns extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "dns_record" ("id" serial primary key, "domain_id" int not null, "name" varchar(253) not null, "type" varchar(8) not null, "content" text not null, "ttl" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);',
    );
    this.addSql('create index "dns_record_domain_id_index" on "dns_record" ("domain_id");');
    this.addSql(
      'alter table "domain" add "dns_enabled" boolean not null default false, add "dns_version" int not null default 0, add "dns_published_version" int not null default 0;',
    );
  }
}

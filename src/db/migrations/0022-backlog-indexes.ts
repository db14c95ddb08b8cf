import { Migration } from '@mikro-orm/migrations';

// The worker's backlog gauges (src/metrics/backlog.ts) count the webhook deliveries still pending, with
// the oldest one's age, and those that gave up, at every scrape. Partial indexes over exactly those rows
// keep each scrape proportional to the backlog, not to every delivery ever made.
export class BacklogIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "webhook_delivery_pending_index" on "webhook_delivery" ("created_at") where "status" = 'pending';`,
    );
    this.addSql(
      `create index "webhook_delivery_failed_index" on "webhook_delivery" ("created_at") where "status" = 'failed';`,
    );
  }
}

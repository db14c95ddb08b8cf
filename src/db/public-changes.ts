import pg from 'pg';
import { pgClientConfig } from '../config/database-url.ts';
import { endClient } from './end-client.ts';

/** What a listener is told: a name changed (`*`: possibly any), or the stream was broken and resumed. */
export interface PublicChangeHandlers {
  changed(name: string): void;
  /** The subscription was lost: changes may have been missed until `resumed`. */
  lost(): void;
  /** Listening again: from now on every committed change is heard. */
  resumed(): void;
}

const RECONNECT_MS = 1000;

/**
 * Subscribes to the `public_change` notifications the database sends at each commit that changes a
 * public read (migration 0013). A connection of its own (a pooled one cannot hold LISTEN); when it
 * drops, `lost` is called at once and the subscription is re-established, then `resumed`.
 */
export function listenForPublicChanges(databaseUrl: string, on: PublicChangeHandlers, onError?: (e: unknown) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    if (stopped) return;
    const c = new pg.Client(pgClientConfig(databaseUrl));
    const drop = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      if (err) onError?.(err);
      on.lost();
      c.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    client = c;
    c.on('error', drop);
    c.on('end', () => drop());
    c.on('notification', (n) => {
      if (n.channel === 'public_change' && n.payload) on.changed(n.payload);
    });
    try {
      await c.connect();
      await c.query('LISTEN public_change');
      if (client === c) on.resumed();
    } catch (err) {
      drop(err);
    }
  }

  return {
    start: connect,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) await endClient(c);
    },
  };
}

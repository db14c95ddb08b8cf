import fp from 'fastify-plugin';
import { listenForPublicChanges } from '../../db/public-changes.ts';
import { publicCache, type PublicCache } from '../public-cache.ts';
import { knownNames } from '../known-names.ts';
import { domainRepository } from '../../db/domain-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyContextConfig {
    /** A route that never writes (a POST that only computes, like quote): no barrier before it answers. */
    readOnly?: boolean;
  }
}

/**
 * The read cache and its subscription to the database's change notifications. Without a database URL
 * (never in a running API) the cache never turns on and every read goes to the database.
 */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const publicCachePlugin = fp(
  async (app) => {
    const url = app.deps.config.DATABASE_URL;
    const names = domainRepository(app.deps.orm.em.fork());
    const known = knownNames(
      { count: () => names.liveNameCount(), page: (after, limit) => names.knownNamesAfter(after, limit) },
      (err) => app.log.warn({ err }, 'could not load the known names; free names are read from the database'),
    );
    const cache = publicCache({ names: url ? known : undefined });
    app.decorate('publicCache', cache);
    if (!url) return;
    const listener = listenForPublicChanges(url, cache.handlers, (err) =>
      app.log.warn({ err }, 'public change notifications interrupted; the read cache is off until they resume'),
    );
    app.addHook('onReady', () => listener.start());
    app.addHook('onClose', async () => {
      await listener.stop();
      known.forget(); // a load in progress stops at its next page
      await known.idle();
    });
    // Read-your-writes: a request that may have written waits, before it answers, until this process
    // has heard every change it committed (docs/performance.md "The read cache").
    const notify = (token: string) =>
      app.deps.orm.em.getConnection().execute(`select pg_notify('public_change', ?)`, [token]);
    // A callback hook: a read (most requests) passes on at once, with no promise (issue 52).
    app.addHook('onSend', (req, _reply, payload, next) => {
      if (READ_METHODS.has(req.method) || req.routeOptions.config.readOnly) return next(null, payload);
      cache.barrier(notify).then(() => next(null, payload), next);
    });
  },
  { name: 'public-cache', dependencies: ['services'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';
import { registrationService } from '../../registration/service.ts';
import { renewalService } from '../../renewal/service.ts';
import { purchaseService } from '../../market/purchase.ts';
import { offerService } from '../../market/offers/service.ts';
import { onchainIdentityService } from '../../identity/onchain-service.ts';
import { registrarLockService } from '../../locks/service.ts';
import { teamService } from '../../teams/service.ts';
import { approvalService } from '../../mandates/approvals.ts';
import { payOutHeldSales } from '../../market/withdrawals.ts';
import { deliveryRuns } from '../../webhooks/delivery-runs.ts';
import { invoke } from '../operations/invoke.ts';
import type { Services } from '../operations/services.ts';

/**
 * The app's dependencies, and the services built over them once per app (`app.services`, what every
 * operation runs over: src/http/operations/services.ts).
 */
export const servicesPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.decorate('deps', deps);
    // Built at the first call, once every plugin is registered (the read cache and the rate limit come later).
    let services: Services | undefined;
    app.decorate('services', {
      getter(this: FastifyInstance) {
        return (services ??= servicesOver(this));
      },
    });
  },
  { name: 'services', fastify: '5.x' },
);

/** What operations see of the app: no server, no database handle. */
function servicesOver(app: FastifyInstance): Services {
  const { deps } = app;
  const { config, namespaces, cardSigner, temporal, payments, usdc, orm } = deps;
  const built = new Map<(deps: AppDeps) => unknown, unknown>();
  const use = <T>(factory: (deps: AppDeps) => T): T => {
    if (!built.has(factory)) built.set(factory, factory(deps));
    return built.get(factory) as T;
  };
  const { ERC8004_REGISTRY_ADDRESS, ERC8004_SIGNER_KEY, ERC8004_CHAIN_ID } = config;
  // Offered where the worker can send the registrations: a registry and the registrar's key.
  const registry =
    ERC8004_REGISTRY_ADDRESS && ERC8004_SIGNER_KEY
      ? { chainId: ERC8004_CHAIN_ID, address: ERC8004_REGISTRY_ADDRESS }
      : null;
  return {
    config,
    namespaces,
    cardSigner,
    temporal,
    payments,
    usdc,
    publicCache: app.publicCache,
    registration: use(registrationService),
    renewal: use(renewalService),
    purchase: use(purchaseService),
    offers: use(offerService),
    onchainIdentity: onchainIdentityService({ ...deps, registry }),
    registrarLock: use(registrarLockService),
    teams: use(teamService),
    approvals: approvalService({ orm, temporal, baseUrl: config.publicBaseUrl }),
    payOutHeldSales: (sellerId) => payOutHeldSales({ orm, temporal, taskQueue: config.TEMPORAL_TASK_QUEUE }, sellerId),
    deliveryRuns: temporal
      ? deliveryRuns({
          client: temporal,
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          scheduleMs: config.webhookRetryScheduleMs,
        })
      : null,
    use,
    invoke: (op, caller, input) => invoke(app, op, caller, input),
    countRequest: (principal, ip) => app.countRequest(principal, ip),
  };
}

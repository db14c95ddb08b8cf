import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';
import { registrationService } from '../../registration/service.ts';
import { renewalService } from '../../renewal/service.ts';
import { purchaseService } from '../../market/purchase.ts';
import { offerService } from '../../market/offers/service.ts';
import { onchainIdentityService } from '../../identity/onchain-service.ts';
import { registrarLockService } from '../../locks/service.ts';
import { teamService } from '../../teams/service.ts';

/** The app's dependencies and the services built over them, one instance per app. */
export const servicesPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.decorate('deps', deps);
    app.decorate('registration', registrationService(deps));
    app.decorate('renewal', renewalService(deps));
    app.decorate('purchase', purchaseService(deps));
    app.decorate('offers', offerService(deps));
    const { ERC8004_REGISTRY_ADDRESS, ERC8004_SIGNER_KEY, ERC8004_CHAIN_ID } = deps.config;
    // Offered where the worker can send the registrations: a registry and the registrar's key.
    const registry =
      ERC8004_REGISTRY_ADDRESS && ERC8004_SIGNER_KEY
        ? { chainId: ERC8004_CHAIN_ID, address: ERC8004_REGISTRY_ADDRESS }
        : null;
    app.decorate('onchainIdentity', onchainIdentityService({ ...deps, registry }));
    app.decorate('registrarLock', registrarLockService(deps));
    app.decorate('teams', teamService(deps));
  },
  { name: 'services', fastify: '5.x' },
);

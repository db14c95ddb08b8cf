import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';
import { registrationService } from '../../registration/service.ts';
import { renewalService } from '../../renewal/service.ts';
import { purchaseService } from '../../market/purchase.ts';
import { offerService } from '../../market/offers/service.ts';

/** The app's dependencies and the services built over them, one instance per app. */
export const servicesPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.decorate('deps', deps);
    app.decorate('registration', registrationService(deps));
    app.decorate('renewal', renewalService(deps));
    app.decorate('purchase', purchaseService(deps));
    app.decorate('offers', offerService(deps));
  },
  { name: 'services', fastify: '5.x' },
);

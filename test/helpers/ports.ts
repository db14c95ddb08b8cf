export { freePort } from '../../src/infra/ports.ts';

// The API entry's FIRST import (src/entry/api.ts), and it must stay first: the http and pg
// instrumentations patch those modules when they load, so they have to be registered before the entry's
// other imports load Fastify (and with it node:http) and pg. Imported later, the API would still run, but
// with no server span and no SQL in its traces.
import { startTracingFromEnvironment } from './tracing.ts';

export const tracing = await startTracingFromEnvironment('registry-api');

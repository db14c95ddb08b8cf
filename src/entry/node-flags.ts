/**
 * V8's heap settings for the API process (docs/performance.md "Memory"). On a large machine V8 lets
 * the young generation grow to 64 MB per semi-space and the old generation to several times what
 * survived its last full collection; under load the API's garbage then holds hundreds of megabytes
 * that a collection would free. 8 MB semi-spaces and 10% growth keep it near what is live. Smaller
 * semi-spaces hold less young garbage but promote more of what a request holds while it is in flight,
 * and the old generation then fills and is collected twice as often: with 4 MB, 34 full collections
 * (21 of them pauses over 10 ms, lookup's p99 tail) and 279 MB at the peak of the lookup load, against
 * 16 and 263 MB with 8 MB (issue 52; one run each, docs/performance.md "Memory"). These are
 * command-line flags because V8 sizes the heap before any of our code runs (and NODE_OPTIONS refuses
 * `--heap-growing-percent`): `npm run api`, `npm start`, the Dockerfile, docker-compose.yml and the
 * bench all pass them (test/unit/node-flags.test.ts).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=10'];

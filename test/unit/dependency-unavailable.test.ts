import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@temporalio/client';
import { DriverException } from '@mikro-orm/core';
import { dependencyUnavailable } from '../../src/http/dependency-unavailable.ts';

const withCode = (message: string, code: string | number) => Object.assign(new Error(message), { code });

describe('dependencyUnavailable: connection-level failures are "not now", anything else is not', () => {
  it.each([
    [
      'PostgreSQL refusing connections',
      new DriverException(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      'database',
    ],
    [
      'PostgreSQL shut down by an administrator',
      withCode('terminating connection due to administrator command', '57P01'),
      'database',
    ],
    ['PostgreSQL starting up', withCode('the database system is starting up', '57P03'), 'database'],
    ['a connection cut under a client', new Error('Connection terminated unexpectedly'), 'database'],
    [
      'Temporal unreachable',
      new ServiceError('Failed to start workflow', { cause: withCode('No connection established', 14) }),
      'temporal',
    ],
    [
      'Temporal timing out',
      new ServiceError('Failed to query workflow', { cause: withCode('Deadline exceeded', 4) }),
      'temporal',
    ],
    [
      'Temporal never connected',
      new ServiceError('Failed to connect to Temporal server', { cause: new Error('timeout') }),
      'temporal',
    ],
    [
      'a refusal wrapped as a cause',
      new Error('relay call failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
      'network',
    ],
    [
      'a refusal among an AggregateError',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
      'network',
    ],
  ])('%s', (_what, err, dependency) => {
    expect(dependencyUnavailable(err)).toBe(dependency);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['Temporal refusing a duplicate run', new ServiceError('already started', { cause: withCode('exists', 6) })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
  ])('%s', (_what, err) => {
    expect(dependencyUnavailable(err)).toBeNull();
  });
});

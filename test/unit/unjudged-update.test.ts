import { describe, expect, it } from '@jest/globals';
import { ServiceError, WorkflowUpdateFailedError } from '@temporalio/client';
import { defaultFailureConverter, defaultPayloadConverter, type ProtoFailure } from '@temporalio/common';
import { isUnjudgedUpdate } from '../../src/temporal/unjudged-update.ts';

/** An update's failure as the client builds it from the outcome the server sends. */
const failed = (failure: ProtoFailure) =>
  new WorkflowUpdateFailedError(
    'Workflow Update failed',
    defaultFailureConverter.failureToError(failure, defaultPayloadConverter),
  );

// Found by chaos runs (docs/reliability.md "Chaos"): a paid retry whose update the server rejected
// unprocessed — a worker restarting as it arrived — was answered 500, as if the run had refused it with a
// type outside the contract; a reset the server declined (the run's last workflow task failed with its
// worker) was a 500 too. Those failures are the server's, written as below.
describe('isUnjudgedUpdate', () => {
  it.each(['UnprocessedUpdate', 'AcceptedUpdateCompletedWorkflow'])('knows the server’s own %s rejection', (type) => {
    const err = failed({
      message: 'Workflow Update is rejected because it was not processed by worker.',
      source: 'Server',
      applicationFailureInfo: { type, nonRetryable: true },
    });
    expect(isUnjudgedUpdate(err)).toBe(true);
  });

  // As the client wraps the server's gRPC refusal of an update it will not take now.
  it.each([
    [9, 'FAILED_PRECONDITION: Unable to perform workflow execution update due to Workflow Task in failed state.'],
    [14, 'UNAVAILABLE: workflow update was aborted'],
  ])('knows the server declining an update now (gRPC %i)', (code, details) => {
    const grpc = Object.assign(new Error(`${code} ${details}`), { code, details });
    expect(isUnjudgedUpdate(new ServiceError('Workflow Update failed', { cause: grpc }))).toBe(true);
  });

  it('leaves the run’s own refusals, and anything else, to their own handling', () => {
    const refused = failed({
      message: 'The receipt does not pay this checkout.',
      source: 'TypeScriptSDK',
      applicationFailureInfo: { type: 'invalid_receipt', nonRetryable: true },
    });
    expect(isUnjudgedUpdate(refused)).toBe(false);
    expect(isUnjudgedUpdate(new Error('UnprocessedUpdate'))).toBe(false);
    const internal = Object.assign(new Error('13 INTERNAL'), { code: 13 });
    expect(isUnjudgedUpdate(new ServiceError('Workflow Update failed', { cause: internal }))).toBe(false);
    expect(isUnjudgedUpdate(null)).toBe(false);
  });
});

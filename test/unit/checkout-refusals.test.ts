import { describe, expect, it } from '@jest/globals';
import { effectRefusals, updateRefusals } from '../../workflows/checkout-messages.ts';
import { errorCodes } from '../../src/domain/errors.ts';
import { refusalError } from '../../src/checkout/refusals.ts';

describe('checkout refusals as HTTP errors', () => {
  it('maps every refusal of the contract to its own error code and status, never a generic one', () => {
    for (const type of [...effectRefusals, ...updateRefusals]) {
      const err = refusalError(type, 'm');
      expect(err.code).not.toBe('internal_error');
      expect(err.statusCode).toBe(errorCodes[err.code]);
      expect(err.statusCode).toBeLessThan(type.endsWith('unavailable') ? 600 : 500);
    }
    expect(refusalError('coupon_used_up', 'm')).toMatchObject({
      code: 'coupon_invalid',
      details: { reason: 'used_up' },
    });
    expect(refusalError('name_taken', 'm').statusCode).toBe(409);
  });

  it('says where a credited payment went', () => {
    const err = refusalError('name_taken', 'Taken.', { accountId: 'a', gems: 1500 });
    expect(err.message).toMatch(/credited to your gems balance \(1500 gems\)/);
    expect(err.details).toMatchObject({ credited: { account_id: 'a', gems: 1500 } });
  });

  it('a failure type outside the contract is a fault, not a refusal', () => {
    expect(refusalError('something_else', 'm').code).toBe('internal_error');
  });
});

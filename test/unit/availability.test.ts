import { describe, expect, it } from '@jest/globals';
import { availability } from '../../src/domain/availability.ts';
import type { NamespaceInfo } from '../../src/domain/namespace-directory.ts';

const ns = (launch_phase: NamespaceInfo['launch_phase']) => ({ launch_phase, reserved_names: ['admin'] }) as NamespaceInfo;

describe('availability', () => {
  it('orders its reasons: registered, reserved, phase', () => {
    expect(availability(ns('public'), 'scout', false)).toEqual({ available: true, reason: 'available' });
    expect(availability(ns('public'), 'scout', true)).toEqual({ available: false, reason: 'registered' });
    expect(availability(ns('coming_soon'), 'scout', true)).toEqual({ available: false, reason: 'registered' });
    expect(availability(ns('public'), 'admin', false)).toEqual({ available: false, reason: 'reserved' });
    expect(availability(ns('sunrise'), 'admin', false)).toEqual({ available: false, reason: 'reserved' });
    expect(availability(ns('coming_soon'), 'scout', false)).toEqual({ available: false, reason: 'namespace_coming_soon' });
    expect(availability(ns('sunrise'), 'scout', false)).toEqual({ available: true, reason: 'sunrise_whitelist_only' });
  });
});

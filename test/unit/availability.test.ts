import { describe, expect, it } from '@jest/globals';
import { availability } from '../../src/domain/availability.ts';
import type { NamespaceInfo } from '../../src/domain/namespace-directory.ts';

const ns = (launch_phase: NamespaceInfo['launch_phase']) =>
  ({ launch_phase, reserved_names: ['admin'] }) as NamespaceInfo;

describe('availability', () => {
  it('orders its reasons: registered, reserved, phase', () => {
    expect(availability(ns('public'), 'scout', 'free')).toEqual({ available: true, reason: 'available' });
    expect(availability(ns('public'), 'scout', 'registered')).toEqual({ available: false, reason: 'registered' });
    expect(availability(ns('coming_soon'), 'scout', 'registered')).toEqual({ available: false, reason: 'registered' });
    expect(availability(ns('public'), 'admin', 'free')).toEqual({ available: false, reason: 'reserved' });
    expect(availability(ns('sunrise'), 'admin', 'free')).toEqual({ available: false, reason: 'reserved' });
    expect(availability(ns('coming_soon'), 'scout', 'free')).toEqual({
      available: false,
      reason: 'namespace_coming_soon',
    });
    expect(availability(ns('sunrise'), 'scout', 'free')).toEqual({ available: true, reason: 'sunrise_whitelist_only' });
    expect(availability(ns('public'), 'scout', 'held')).toEqual({ available: false, reason: 'being_registered' });
    expect(availability(ns('sunrise'), 'scout', 'held')).toEqual({ available: false, reason: 'being_registered' });
    expect(availability(ns('public'), 'admin', 'held')).toEqual({ available: false, reason: 'reserved' });
  });
});

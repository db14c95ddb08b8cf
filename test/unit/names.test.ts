import { describe, expect, it } from '@jest/globals';
import { checkLabel, parseQuery } from '../../src/domain/names.ts';

describe('name rules', () => {
  it.each([
    ['scout', 'scout'],
    ['Scout', 'scout'],
    ['  SCOUT-42  ', 'scout-42'],
    ['a', 'a'],
    ['0', '0'],
    ['a'.repeat(63), 'a'.repeat(63)],
    ['my-agent', 'my-agent'],
  ])('accepts %j as %j', (input, value) => {
    expect(checkLabel(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['a'.repeat(64), 'too_long'],
    ['-scout', 'hyphen_position'],
    ['scout-', 'hyphen_position'],
    ['sc_out', 'invalid_characters'],
    ['sc out', 'invalid_characters'],
    ['café', 'non_ascii'],
    ['\u212Aelvin', 'non_ascii'], // KELVIN SIGN lowercases to ASCII "k": still refused
    ['xn--caf-dma', 'idn_not_supported'],
    ['ab--cd', 'idn_not_supported'],
    ['scout.agent', 'too_many_labels'],
  ])('refuses %j (%s)', (input, problem) => {
    const r = checkLabel(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem).toBe(problem);
      expect(r.message.length).toBeGreaterThan(10);
    }
  });

  it('splits a query into label and optional namespace', () => {
    expect(parseQuery('Scout')).toEqual({ ok: true, value: { label: 'scout', namespace: null } });
    expect(parseQuery('scout.AGENT')).toEqual({ ok: true, value: { label: 'scout', namespace: 'agent' } });
    expect(parseQuery('scout.agent.')).toEqual({ ok: true, value: { label: 'scout', namespace: 'agent' } });
    expect(parseQuery('a.b.c')).toMatchObject({ ok: false, problem: 'too_many_labels' });
    expect(parseQuery('.agent')).toMatchObject({ ok: false, problem: 'empty_label' });
    // One trailing root dot is the DNS root; a second is an empty label, never silently dropped.
    expect(parseQuery('scout.')).toEqual({ ok: true, value: { label: 'scout', namespace: null } });
    for (const bad of ['scout..', 'scout..agent', 'scout.agent..', '..'])
      expect(parseQuery(bad)).toMatchObject({ ok: false, problem: 'empty_label' });
    expect(parseQuery('ß.agent')).toMatchObject({ ok: false, problem: 'non_ascii' });
  });
});

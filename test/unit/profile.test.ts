import { describe, expect, it } from '@jest/globals';
import { applyProfileChange, boundCatalog, type ProfileState } from '../../src/domain/profile.ts';

const state = (s: Partial<ProfileState> = {}): ProfileState => ({
  profile: {},
  capabilities: [],
  squadId: null,
  skillMd: null,
  storefrontId: null,
  ...s,
});
const shop = boundCatalog({ provider: 'shopify', storefront_id: 'sf-1', feed_url: 'https://shop.example/f' });

describe('a profile change, judged field by field', () => {
  it('reports the fields it changed, sorted, and leaves the others as they were', () => {
    const current = state({ profile: { display_name: 'Scout', legacy: 1 }, capabilities: ['search'] });
    const { state: next, updatedFields } = applyProfileChange(current, {
      squad_id: 'squad-7',
      description: 'Finds things.',
      display_name: 'Scout',
      capabilities_preview: ['search'],
    });
    expect(updatedFields).toEqual(['description', 'squad_id']);
    expect(next).toEqual(
      state({
        profile: { display_name: 'Scout', legacy: 1, description: 'Finds things.' },
        capabilities: ['search'],
        squadId: 'squad-7',
      }),
    );
  });

  it('removes a field for null, and counts removing an absent field as no change', () => {
    const current = state({ profile: { description: 'x' }, skillMd: '# skill' });
    const removed = applyProfileChange(current, { description: null, skill_md: null, website: null, squad_id: null });
    expect(removed).toEqual({ state: state(), updatedFields: ['description', 'skill_md'] });
    expect(applyProfileChange(current, {}).updatedFields).toEqual([]);
  });

  it('compares structured values by content, not by key order, and capabilities by order', () => {
    const current = state({ profile: { endpoints: { a2a: 'https://a', mcp: 'https://m' } }, capabilities: ['a', 'b'] });
    expect(applyProfileChange(current, { endpoints: { mcp: 'https://m', a2a: 'https://a' } }).updatedFields).toEqual(
      [],
    );
    expect(applyProfileChange(current, { capabilities_preview: ['b', 'a'] }).updatedFields).toEqual([
      'capabilities_preview',
    ]);
  });

  it('moves the storefront id and the catalog entry together', () => {
    const bound = applyProfileChange(state({ profile: { display_name: 'S' } }), { commerce_catalog: shop });
    expect(bound).toEqual({
      state: state({ profile: { display_name: 'S', commerce_catalog: shop }, storefrontId: 'sf-1' }),
      updatedFields: ['commerce_catalog'],
    });
    expect(applyProfileChange(bound.state, { commerce_catalog: null })).toEqual({
      state: state({ profile: { display_name: 'S' } }),
      updatedFields: ['commerce_catalog'],
    });
    // A catalog entry without its storefront id (older data) is repaired by binding the same entry.
    expect(
      applyProfileChange(state({ profile: { commerce_catalog: shop } }), { commerce_catalog: shop }).updatedFields,
    ).toEqual(['commerce_catalog']);
  });
});

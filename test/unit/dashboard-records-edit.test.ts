import { describe, expect, it } from '@jest/globals';
import { recordsEdit, type RecordRow } from '../../src/dashboard/views/domain/records-edit.ts';

const D = 'scout.agent';
const row = (o: Partial<RecordRow>): RecordRow => ({
  type: 'A',
  name: '',
  content: '',
  ttl: '',
  orig: '',
  remove: false,
  ...o,
});

// The domain page's records editor sends the whole edit as one PATCH: kept rows as items, rrsets no kept
// row names any more as deletes, and each item's row, so a refusal naming an item lands beside its row.
describe('dashboard records editor → PATCH items', () => {
  it('sends kept rows, skips blank new rows, deletes the rrsets no row keeps, and maps items to rows', () => {
    const edit = recordsEdit(
      [
        row({ name: '@', content: '192.0.2.1', ttl: '300', orig: `${D}. A` }),
        row({ name: 'www', content: '192.0.2.2', orig: `www.${D}. A`, remove: true }),
        row({}),
        row({ type: 'TXT', name: '_agent', content: 'v=1', ttl: 'soon' }),
      ],
      D,
    );
    expect(edit.items).toEqual([
      { type: 'A', name: '@', content: '192.0.2.1', ttl: 300 },
      { type: 'TXT', name: '_agent', content: 'v=1', ttl: 'soon' },
      { type: 'A', name: `www.${D}.`, delete: true },
    ]);
    expect(edit.rowOf).toEqual([0, 3, 1]);
  });

  it('keeps an rrset one of whose rows is deleted, and moves a renamed row', () => {
    const edit = recordsEdit(
      [
        row({ name: 'www', content: '192.0.2.1', orig: `www.${D}. A` }),
        row({ name: 'www', content: '192.0.2.2', orig: `www.${D}. A`, remove: true }),
        row({ name: 'web.scout.agent', content: '192.0.2.3', orig: `old.${D}. A` }),
      ],
      D,
    );
    expect(edit.items).toEqual([
      { type: 'A', name: 'www', content: '192.0.2.1' },
      { type: 'A', name: 'web.scout.agent', content: '192.0.2.3' },
      { type: 'A', name: `old.${D}.`, delete: true },
    ]);
    expect(edit.rowOf).toEqual([0, 2, 2]);
  });
});

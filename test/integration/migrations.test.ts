import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('produce exactly the schema the entities describe', async () => {
    expect(await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
  });

  it('are idempotent', async () => {
    expect(await db.orm.migrator.up()).toEqual([]);
  });
});

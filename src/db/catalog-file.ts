import { readFile } from 'node:fs/promises';
import { parseCatalog, type Catalog } from '../domain/catalog.ts';

/** Reads the versioned catalog file (CATALOG_PATH); syncCatalog then writes it to the database. */
export async function readCatalogFile(path: string): Promise<Catalog> {
  return parseCatalog(JSON.parse(await readFile(path, 'utf8')) as unknown);
}

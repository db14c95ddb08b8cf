/** Which slice of a list to read. */
export interface Page {
  limit: number;
  offset: number;
}

/** One slice of a list, and how many items the whole list holds. */
export interface Paged<T> {
  rows: T[];
  total: number;
}

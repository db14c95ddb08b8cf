/** "1 name", "2 names": a count with its noun, singular for one (`many` where the plural is not `s`-added). */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

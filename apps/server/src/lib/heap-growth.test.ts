import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from './heap-growth';

describe('heap growth', () => {
  it('lets the heap grow by 100 % between full collections', () => {
    expect(heapGrowthFlag([])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--enable-source-maps'])).toBe('--heap-growing-percent=100');
  });

  it("leaves the operator's own value alone", () => {
    expect(heapGrowthFlag(['--heap-growing-percent=50'])).toBeNull();
    expect(heapGrowthFlag(['--heap_growing_percent=30'])).toBeNull();
    expect(heapGrowthFlag([], '--enable-source-maps --heap-growing-percent=50')).toBeNull();
    expect(heapGrowthFlag([], '--enable-source-maps')).toBe('--heap-growing-percent=100');
  });
});

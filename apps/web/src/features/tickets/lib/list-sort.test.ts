import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort } from './list-sort';
import { staffListParams } from './staff-views';

describe('staff list sorting (issue 31)', () => {
  it('starts each column in its natural direction and flips on a second click', () => {
    expect(nextSort(null, 'activity')).toEqual({ column: 'activity', dir: 'desc' });
    expect(nextSort(null, 'number')).toEqual({ column: 'number', dir: 'desc' });
    expect(nextSort(null, 'due')).toEqual({ column: 'due', dir: 'asc' });
    expect(nextSort({ column: 'due', dir: 'asc' }, 'due')).toEqual({ column: 'due', dir: 'desc' });
    expect(nextSort({ column: 'due', dir: 'desc' }, 'number')).toEqual({
      column: 'number',
      dir: 'desc',
    });
  });

  it('tells each header its aria-sort', () => {
    const sort = { column: 'number', dir: 'asc' } as const;
    expect(ariaSortOf(sort, 'number')).toBe('ascending');
    expect(ariaSortOf({ ...sort, dir: 'desc' }, 'number')).toBe('descending');
    expect(ariaSortOf(sort, 'due')).toBe('none');
    expect(ariaSortOf(null, 'activity')).toBe('none');
  });

  it("sends the column in place of the view's own order, keeping its filters", () => {
    const params = staffListParams('awaiting_staff', ' faktura ', { column: 'due', dir: 'asc' });
    expect(Object.fromEntries(params)).toEqual({
      awaiting: 'staff',
      sort: 'due',
      dir: 'asc',
      q: 'faktura',
    });
    expect(staffListParams('awaiting_staff', '').get('sort')).toBe('waiting');
  });
});

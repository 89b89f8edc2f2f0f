import type { AllocationMatrix } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import {
  allocationIdOf,
  cellKey,
  optimisticMatrix,
  PENDING_ALLOCATION_ID,
  rolledBackMatrix,
  visibleUsers,
  withAllocation,
  withoutAllocation,
  type AllocationToggle,
} from './allocation-matrix';

const matrix: AllocationMatrix = {
  types: [
    { id: 1, code: 'fine-grid', name: '精细化网格预报' },
    { id: 2, code: 'agro', name: '农业气象预报' },
  ],
  users: [
    { id: 3, username: 'demo-revise', name: '订正预报员', enabled: true, forecaster: true, allocations: [{ id: 11, fTId: 1 }] },
    { id: 4, username: 'demo-make', name: '产品制作员', enabled: true, forecaster: false, allocations: [] },
    { id: 5, username: 'Wang.Li', name: '王丽', enabled: false, forecaster: true, allocations: [] },
  ],
};

describe('the allocation matrix', () => {
  it('filters users by name or username, and by forecaster', () => {
    expect(visibleUsers(matrix, { search: '', onlyForecasters: false }).map((u) => u.id)).toEqual([3, 4, 5]);
    expect(visibleUsers(matrix, { search: '', onlyForecasters: true }).map((u) => u.id)).toEqual([3, 5]);
    expect(visibleUsers(matrix, { search: ' wang ', onlyForecasters: false }).map((u) => u.id)).toEqual([5]);
    expect(visibleUsers(matrix, { search: '预报员', onlyForecasters: false }).map((u) => u.id)).toEqual([3]);
    expect(visibleUsers(undefined, { search: '', onlyForecasters: false })).toEqual([]);
  });

  it('adds and removes allocations without touching other cells', () => {
    const added = withAllocation(matrix, 3, 2, 12);
    expect(allocationIdOf(added.users[0]!, 2)).toBe(12);
    expect(allocationIdOf(added.users[0]!, 1)).toBe(11);
    expect(added.users[1]).toBe(matrix.users[1]);
    expect(allocationIdOf(withAllocation(added, 3, 2, 13).users[0]!, 2)).toBe(13);
    expect(withAllocation(added, 3, 2, 13).users[0]!.allocations).toHaveLength(2);
    const removed = withoutAllocation(matrix, 3, 1);
    expect(allocationIdOf(removed.users[0]!, 1)).toBeUndefined();
    expect(matrix.users[0]!.allocations).toHaveLength(1);
  });

  it('shows a toggle at once and undoes it when refused', () => {
    const tick: AllocationToggle = { uid: 5, typeId: 1, allocate: true, userName: '王丽', typeName: 'x' };
    const shown = optimisticMatrix(matrix, tick);
    expect(allocationIdOf(shown.users[2]!, 1)).toBe(PENDING_ALLOCATION_ID);
    expect(allocationIdOf(rolledBackMatrix(shown, tick).users[2]!, 1)).toBeUndefined();

    const untick: AllocationToggle = { uid: 3, typeId: 1, allocate: false, allocationId: 11, userName: '订正预报员', typeName: 'x' };
    const hidden = optimisticMatrix(matrix, untick);
    expect(allocationIdOf(hidden.users[0]!, 1)).toBeUndefined();
    expect(allocationIdOf(rolledBackMatrix(hidden, untick).users[0]!, 1)).toBe(11);
  });

  it('names cells', () => {
    expect(cellKey(3, 2)).toBe('3:2');
  });
});

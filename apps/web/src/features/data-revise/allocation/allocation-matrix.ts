import type { AllocationMatrix } from '@agromet/contracts';

export type MatrixUser = AllocationMatrix['users'][number];
export type MatrixType = AllocationMatrix['types'][number];

export interface MatrixFilters {
  /** Part of the name or username, any case. */
  search: string;
  /** Only users who hold a code that revises grids. */
  onlyForecasters: boolean;
}

/** The users the table shows: matching the search, forecasters only when asked. */
export function visibleUsers(matrix: AllocationMatrix | undefined, filters: MatrixFilters): MatrixUser[] {
  if (!matrix) return [];
  const needle = filters.search.trim().toLowerCase();
  return matrix.users.filter(
    (u) =>
      (!filters.onlyForecasters || u.forecaster) &&
      (needle === '' || u.name.toLowerCase().includes(needle) || u.username.toLowerCase().includes(needle)),
  );
}

/** The id of a user's allocation of a type, if allocated. */
export function allocationIdOf(user: Pick<MatrixUser, 'allocations'>, typeId: number): number | undefined {
  return user.allocations.find((a) => a.fTId === typeId)?.id;
}

function mapUser(matrix: AllocationMatrix, uid: number, change: (u: MatrixUser) => MatrixUser): AllocationMatrix {
  return { ...matrix, users: matrix.users.map((u) => (u.id === uid ? change(u) : u)) };
}

/** The matrix with the type allocated to the user under `id` (replacing any allocation of the same type). */
export function withAllocation(matrix: AllocationMatrix, uid: number, typeId: number, id: number): AllocationMatrix {
  return mapUser(matrix, uid, (u) => ({ ...u, allocations: [...u.allocations.filter((a) => a.fTId !== typeId), { id, fTId: typeId }] }));
}

/** The matrix without the user's allocation of the type. */
export function withoutAllocation(matrix: AllocationMatrix, uid: number, typeId: number): AllocationMatrix {
  return mapUser(matrix, uid, (u) => ({ ...u, allocations: u.allocations.filter((a) => a.fTId !== typeId) }));
}

/** A tick not yet confirmed by the server holds a negative id (it cannot be removed until the real id is known). */
export const PENDING_ALLOCATION_ID = -1;

/** One toggle of a cell: allocate (tick) or remove (untick). */
export interface AllocationToggle {
  uid: number;
  typeId: number;
  allocate: boolean;
  /** The allocation to remove (untick). */
  allocationId?: number;
  /** For messages. */
  userName: string;
  typeName: string;
}

/** What the cell shows right away (optimistic), and how to undo it if the server refuses. */
export function optimisticMatrix(matrix: AllocationMatrix, toggle: AllocationToggle): AllocationMatrix {
  return toggle.allocate
    ? withAllocation(matrix, toggle.uid, toggle.typeId, PENDING_ALLOCATION_ID)
    : withoutAllocation(matrix, toggle.uid, toggle.typeId);
}

export function rolledBackMatrix(matrix: AllocationMatrix, toggle: AllocationToggle): AllocationMatrix {
  return toggle.allocate || toggle.allocationId === undefined
    ? withoutAllocation(matrix, toggle.uid, toggle.typeId)
    : withAllocation(matrix, toggle.uid, toggle.typeId, toggle.allocationId);
}

/** Key of a cell (to mark it busy while its call runs). */
export function cellKey(uid: number, typeId: number): string {
  return `${uid}:${typeId}`;
}

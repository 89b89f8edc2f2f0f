import type { CropCalendarCreate } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { request } from '../../../lib/request';

/** Query key of the crop calendars (under the zoning keys). */
export const calendarKey = ['zoning', 'calendars'] as const;

/** Every crop of the customer with its calendar (null: none yet). */
export function useCalendars() {
  return useQuery({ queryKey: calendarKey, queryFn: ({ signal }) => request('cropCalendarAll', { signal }), staleTime: 30_000 });
}

export type CalendarSaveInput = { id?: number; version?: number; values: CropCalendarCreate };

export function useSaveCalendar() {
  return useMutation({
    mutationFn: ({ id, version, values }: CalendarSaveInput) => {
      const { cropId, ...rest } = values;
      return id !== undefined && version !== undefined
        ? request('cropCalendarUpdate', { body: { id, version, ...rest } })
        : request('cropCalendarAdd', { body: { cropId, ...rest } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
}

export function useDeleteCalendar() {
  return useMutation({
    mutationFn: (id: number) => request('cropCalendarDelete', { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
}

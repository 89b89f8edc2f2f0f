import type { ProductTemplateSave } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { invalidateTemplates, pdKeys } from './keys';

/** The customer's templates, the default first (the server makes it on the first read). */
export function useTemplates() {
  return useQuery({ queryKey: pdKeys.templates, queryFn: ({ signal }) => request('productTemplateList', { signal }) });
}

export function useSaveTemplate() {
  return useMutation({
    // Refusals (4100 naming the field, 4009 stale or name taken) are shown beside the fields by the editor.
    mutationFn: (body: ProductTemplateSave) => request('productTemplateSave', { body, silent: true }),
    onSuccess: () => invalidateTemplates(),
  });
}

export function useDeleteTemplate() {
  return useMutation({
    mutationFn: (id: number) => request('productTemplateDelete', { body: { id } }),
    onSuccess: () => invalidateTemplates(),
  });
}

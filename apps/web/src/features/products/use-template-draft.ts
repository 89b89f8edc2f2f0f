import type { ProductTemplate } from '@agromet/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { useSaveTemplate } from './api/templates';
import { NS } from './i18n';
import { unknownPlaceholders } from './product-rules';
import { draftOf, saveRefusal, TEXT_FIELDS, type TemplateDraft } from './template-draft';

/**
 * The template editor's draft: the selected template's fields (or a new one's), the hints for unknown placeholders,
 * the server's refusal at its field or as "changed meanwhile", and saving.
 */
export function useTemplateDraft(selected: ProductTemplate | undefined, onSelect: (id: number | undefined) => void) {
  const { t } = useTranslation(NS);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(selected, ''));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [stale, setStale] = useState(false);
  const save = useSaveTemplate();

  useEffect(() => {
    if (!creating) setDraft(draftOf(selected, ''));
    setFieldError(null);
    setStale(false);
  }, [selected, creating]);

  const set = (patch: Partial<TemplateDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const hints = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of TEXT_FIELDS) {
      const unknown = unknownPlaceholders(draft[f] ?? '');
      if (unknown.length) out[f] = t('template.unknownPlaceholder', { name: `{${unknown[0]}}` });
    }
    return out;
  }, [draft, t]);
  const problemOf = (field: string) =>
    hints[field] ?? (fieldError && fieldError.field.split('.')[0] === field ? fieldError.message : undefined);

  const startNew = () => {
    setCreating(true);
    setDraft({ ...draftOf(selected, ''), name: '' });
  };
  const pick = (id: number) => {
    setCreating(false);
    onSelect(id);
  };

  const submit = async () => {
    setFieldError(null);
    setStale(false);
    try {
      const body = creating || !selected ? draft : { ...draft, id: selected.id, version: selected.version };
      const saved = await save.mutateAsync(body);
      setCreating(false);
      onSelect(saved.id);
      toastSuccess(t('template.saved'));
    } catch (error) {
      const refusal = saveRefusal(error);
      if (!refusal) logUnlessShown(error, 'template save');
      else if ('stale' in refusal) setStale(true);
      else setFieldError(refusal.fieldError);
    }
  };

  return { draft, set, creating, startNew, pick, hints, problemOf, stale, submit, saving: save.isPending };
}

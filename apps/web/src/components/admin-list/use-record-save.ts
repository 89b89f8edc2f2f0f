import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from './use-edit-version';
import { useFeedback } from '../../lib/feedback';
import { fieldIssuesOf, type FieldIssue } from '../../lib/field-issues';

type FieldName<V> = Parameters<FormInstance<V>['setFields']>[0][number]['name'];

/** How a record's dialog saves: the call, the body from the form, and where the server's complaints go. */
export interface RecordSaveOptions<R extends { id: number; version: number }, V, B> {
  /** The record edited; null when creating. */
  record: R | null;
  form: FormInstance<V>;
  /** The save call (create without id, update with id and the version edited); resolves the saved record. */
  save: (input: { id?: number; version?: number; values: B }) => Promise<R>;
  /** The call's body from the form's values. */
  body: (values: V) => B;
  /** The form's fields: a complaint about one of them is shown under it. */
  fields: readonly string[];
  /** The form field a complaint's path names (default: the path itself). */
  fieldOf?: (path: string) => string;
  /** Complaints the dialog shows itself (a course, the stops, a taken number); true when it showed any. */
  ownIssues?: (issues: FieldIssue[], error: unknown) => boolean;
  /** The record as it is now (for a stale version), null when gone. */
  current: (record: R) => Promise<R | null | undefined>;
  /** Puts the current record in the form in place of the edited one. */
  reload: (fresh: R) => void;
  onSaved: (saved: R) => void;
  onClose: () => void;
}

/**
 * Saving a record's dialog: "saved" or "created" said on success; the server's complaints about fields shown under
 * them (and those the dialog shows itself); a stale version offered to reload, a deleted record closing the dialog.
 */
export function useRecordSave<R extends { id: number; version: number }, V, B>(opts: RecordSaveOptions<R, V, B>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { record, form } = opts;
  const { version, offerStale } = useEditVersion(record);
  return async (values: V): Promise<void> => {
    try {
      const saved = await opts.save({ id: record?.id, version, values: opts.body(values) });
      void message.success(t(record ? 'adminList.words.saved' : 'adminList.words.created'));
      opts.onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      const shown = opts.ownIssues?.(issues, error) ?? false;
      const onForm = issues.map((i) => ({ ...i, field: (opts.fieldOf ?? String)(i.field) })).filter((i) => opts.fields.includes(i.field));
      if (onForm.length > 0) form.setFields(onForm.map((i) => ({ name: i.field as FieldName<V>, errors: [i.message] })));
      if (shown || onForm.length > 0 || !record) return;
      await offerStale(error, { fetchCurrent: () => opts.current(record), onReload: opts.reload, onGone: opts.onClose });
    }
  };
}

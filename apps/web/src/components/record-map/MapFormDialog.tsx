import { Form, type FormInstance } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { SaveModal } from '../admin-list/SaveModal';
import './record-map.css';

/**
 * A record's dialog beside the map holding its form: no mask, at the top left, and its full-screen wrapper lets clicks
 * through (record-modal-passthrough), so the map stays clickable while a position is picked or a course drawn.
 * Save submits the form (vertical, small); `onKeyDownCapture` wraps the form for a dialog with pickers (Escape).
 */
export function MapFormDialog<V extends object>({
  title,
  submitId,
  saving,
  onCancel,
  width,
  form,
  name,
  initialValues,
  onFinish,
  onKeyDownCapture,
  children,
}: {
  title: string;
  submitId: string;
  saving: boolean;
  onCancel: () => void;
  width: number;
  form: FormInstance<V>;
  name?: string;
  initialValues: Partial<V>;
  onFinish: (values: V) => Promise<void>;
  onKeyDownCapture?: (e: KeyboardEvent) => void;
  children: ReactNode;
}) {
  const fields = (
    <Form<V> form={form} name={name} layout="vertical" size="small" initialValues={initialValues} onFinish={(v) => void onFinish(v)}>
      {children}
    </Form>
  );
  return (
    <SaveModal
      title={title}
      submitId={submitId}
      saving={saving}
      onSave={() => form.submit()}
      onClose={onCancel}
      width={width}
      mask={false}
      focusable={{ trap: false }}
      wrapClassName="record-modal-passthrough"
      style={{ top: 16, marginLeft: 16 }}
    >
      {onKeyDownCapture ? <div onKeyDownCapture={onKeyDownCapture}>{fields}</div> : fields}
    </SaveModal>
  );
}

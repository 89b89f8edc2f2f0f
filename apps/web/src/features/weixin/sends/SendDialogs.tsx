import type { WxSend } from '@agromet/contracts';
import { Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useFollowerPage, useSendAction } from '../api/weixin';
import { NS } from '../i18n';

/** Choose one follower of the send's account and send it the preview. */
export function PreviewModal({ send, onClose }: { send: WxSend; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<string | undefined>();
  const followers = useFollowerPage(send.accountId, { keyword: keyword || undefined, subscribed: 'true' }, { page: 1, size: 50 });
  const action = useSendAction();
  return (
    <Modal
      open
      title={t('send.previewTitle')}
      okText={t('send.preview')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'wx-preview-submit', disabled: !openId }}
      confirmLoading={action.isPending}
      onCancel={onClose}
      onOk={() =>
        void action.mutateAsync({ kind: 'preview', id: send.id, openId: openId! }).then(() => {
          void message.success(t('send.previewSent'));
          onClose();
        })
      }
    >
      <Select
        id="wx-preview-follower"
        style={{ width: '100%' }}
        placeholder={t('send.followersPlaceholder')}
        filterOption={false}
        showSearch={{ onSearch: setKeyword }}
        value={openId}
        onChange={setOpenId}
        options={(followers.data?.list ?? []).map((f) => ({ value: f.openId, label: f.nickname || f.openId }))}
      />
    </Modal>
  );
}

/** Refuse a pending send, with the reason its author will read. */
export function RejectModal({ send, onClose }: { send: WxSend; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [reason, setReason] = useState('');
  const action = useSendAction();
  return (
    <Modal
      open
      title={t('send.rejectTitle')}
      okText={t('send.reject')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'wx-reject-submit', danger: true, disabled: reason.trim() === '' }}
      onCancel={onClose}
      onOk={() =>
        void action.mutateAsync({ kind: 'reject', id: send.id, reason: reason.trim() }).then(() => {
          void message.success(t('send.rejected'));
          onClose();
        })
      }
    >
      <Input.TextArea
        id="wx-reject-reason"
        rows={3}
        maxLength={200}
        placeholder={t('send.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

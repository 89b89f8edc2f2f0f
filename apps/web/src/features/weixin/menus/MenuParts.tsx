import { MENU_BUTTON_TYPES, MENU_LIMITS, utf8Bytes, type Menu, type MenuButton, type MenuIssue } from '@agromet/contracts/web';
import { Alert, Empty, Form, Input, List, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useMenu } from '../api/weixin';
import { NS } from '../i18n';
import type { MenuChange } from './menu-editor';
import { issuePlace } from './menu-places';

/** A menu as the server keeps it: the draft, its version and when it was last published. */
export type SavedMenu = NonNullable<ReturnType<typeof useMenu>['data']>;

/** The phone's menu bar as followers see it; a sub-menu opens above its button. */
export function PhonePreview({ menu, title }: { menu: Menu; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="wx-phone" id="wx-menu-preview">
      <div className="wx-phone-title">{title}</div>
      <div className="wx-phone-body" />
      <div className="wx-phone-bar">
        {menu.button.map((b, k) => (
          <div key={k} className="wx-phone-button" data-testid="wx-phone-button" onClick={() => setOpen(open === k ? null : k)}>
            {b.sub_button && b.sub_button.length > 0 ? '≡ ' : ''}
            {b.name}
            {open === k && b.sub_button && b.sub_button.length > 0 ? (
              <div className="wx-phone-popup">
                {b.sub_button.map((s, n) => (
                  <div key={n}>{s.name}</div>
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The fields of the selected button, by its type. */
export function ButtonForm({
  button,
  isTop,
  hasSubs,
  onChange,
}: {
  button: MenuButton;
  isTop: boolean;
  hasSubs: boolean;
  onChange: (patch: Partial<MenuButton>) => void;
}) {
  const { t } = useTranslation(NS);
  const max = isTop ? MENU_LIMITS.topName : MENU_LIMITS.subName;
  const bytes = utf8Bytes(button.name);
  return (
    <Form layout="vertical" size="small" id="wx-button-form">
      <Form.Item
        label={t('menu.fields.name')}
        validateStatus={bytes > max || button.name.trim() === '' ? 'error' : undefined}
        help={t('menu.nameBytes', { bytes, max })}
      >
        <Input id="wx-button-name" value={button.name} onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      {hasSubs ? (
        <Typography.Text type="secondary">{t('menu.types.sub')}</Typography.Text>
      ) : (
        <>
          <Form.Item label={t('menu.fields.type')}>
            <Select
              id="wx-button-type"
              value={button.type}
              options={MENU_BUTTON_TYPES.map((type) => ({ value: type, label: t(`menu.types.${type}`) }))}
              onChange={(type: MenuButton['type']) => onChange({ type })}
            />
          </Form.Item>
          {button.type === 'click' ? (
            <Form.Item label={t('menu.fields.key')}>
              <Input id="wx-button-key" value={button.key ?? ''} onChange={(e) => onChange({ key: e.target.value })} />
            </Form.Item>
          ) : null}
          {button.type === 'view' || button.type === 'miniprogram' ? (
            <Form.Item label={t('menu.fields.url')}>
              <Input
                id="wx-button-url"
                value={button.url ?? ''}
                placeholder="https://"
                onChange={(e) => onChange({ url: e.target.value })}
              />
            </Form.Item>
          ) : null}
          {button.type === 'miniprogram' ? (
            <>
              <Form.Item label={t('menu.fields.appid')}>
                <Input id="wx-button-appid" value={button.appid ?? ''} onChange={(e) => onChange({ appid: e.target.value })} />
              </Form.Item>
              <Form.Item label={t('menu.fields.pagepath')}>
                <Input id="wx-button-pagepath" value={button.pagepath ?? ''} onChange={(e) => onChange({ pagepath: e.target.value })} />
              </Form.Item>
            </>
          ) : null}
        </>
      )}
    </Form>
  );
}

/** The draft's version, when it was last published and by whom, and whether it has unsaved changes. */
export function MenuStatus({ saved, dirty }: { saved: SavedMenu; dirty: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div className="list-hint" id="wx-menu-status" style={{ marginBottom: 8 }}>
      {saved.version > 0 ? t('menu.draftVersion', { version: saved.version }) : null}
      {' · '}
      {saved.publishedAt
        ? t('menu.publishedAt', { time: dayjs(saved.publishedAt).format('YYYY-MM-DD HH:mm'), by: saved.publishedBy })
        : t('menu.neverPublished')}
      {dirty ? (
        <Tag color="orange" style={{ marginLeft: 8 }}>
          {t('menu.unsaved')}
        </Tag>
      ) : null}
    </div>
  );
}

/** The selected button's fields (or a hint to select one) and the draft's problems under them. */
export function MenuSide({
  button,
  isTop,
  issues,
  onChange,
}: {
  button: MenuButton | undefined;
  isTop: boolean;
  issues: readonly MenuIssue[];
  onChange: (patch: Partial<MenuButton>) => void;
}) {
  const { t } = useTranslation(NS);
  const problemText = (i: MenuIssue) => `${issuePlace(i.path)}: ${t(`problem.${i.problem.replace(/^menu\./, '')}`, { limit: i.limit })}`;
  return (
    <div>
      {button ? (
        <ButtonForm button={button} isTop={isTop} hasSubs={isTop && (button.sub_button?.length ?? 0) > 0} onChange={onChange} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.selectHint')} />
      )}
      {issues.length > 0 ? (
        <Alert
          id="wx-menu-issues"
          type="warning"
          showIcon
          message={t('menu.problems')}
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {issues.map((i) => (
                <li key={`${i.path}-${i.problem}`}>{problemText(i)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </div>
  );
}

/** The draft compared with the menu WeChat has now. */
export function MenuDiff({ diff, none }: { diff: MenuChange[]; none: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div id="wx-menu-diff" style={{ marginTop: 12 }}>
      <Typography.Title level={5}>{t('menu.diffTitle')}</Typography.Title>
      {none ? <Typography.Text type="secondary">{t('menu.noMenu')}</Typography.Text> : null}
      {diff.length === 0 ? (
        <Typography.Text type="success">{t('menu.same')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={diff}
          renderItem={(c) => (
            <List.Item>
              <Tag color={c.kind === 'added' ? 'green' : c.kind === 'removed' ? 'red' : 'orange'}>{t(`menu.${c.kind}`)}</Tag>
              {c.place} · {c.name}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

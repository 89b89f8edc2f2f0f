import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloudDownloadOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { MENU_BUTTON_TYPES, MENU_LIMITS, menuIssues, utf8Bytes, type Menu, type MenuButton, type MenuIssue } from '@agromet/contracts/web';
import { Alert, Button, Empty, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/admin-list/ListPage';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { fetchCurrentMenu, useAccounts, useMenu, usePublishMenu, useSaveMenu } from '../api/weixin';
import { NS } from '../i18n';
import '../weixin.css';
import { addSub, addTop, buttonAt, menuDiff, moveAt, removeAt, updateAt, type MenuChange, type MenuPlace } from './menu-editor';
import { RowAction } from '../../../components/admin-list/table-columns';
import { useFeedback } from '../../../lib/feedback';

const placeKey = (p: MenuPlace) => (p.sub === null ? `button.${p.top}` : `button.${p.top}.sub_button.${p.sub}`);

/** The phone's menu bar as followers see it; a sub-menu opens above its button. */
function PhonePreview({ menu, title }: { menu: Menu; title: string }) {
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
function ButtonForm({
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

/**
 * /weixin-admin/weixin-menu: an account's menu as a tree (drag or arrows to reorder), the selected button's fields, a
 * phone preview; saved as a draft, checked against WeChat's rules, published, and compared with what WeChat has.
 */
export function MenuPage() {
  const { t } = useTranslation(NS);
  const { message, modal } = useFeedback();
  useHideForecast(true);
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<number | undefined>();
  useEffect(() => {
    if (accountId === undefined && accounts.data?.[0]) setAccountId(accounts.data[0].id);
  }, [accounts.data, accountId]);
  const saved = useMenu(accountId);
  const [draft, setDraft] = useState<Menu | null>(null);
  const [selected, setSelected] = useState<MenuPlace | null>(null);
  const [dragged, setDragged] = useState<MenuPlace | null>(null);
  const [current, setCurrent] = useState<{ menu: Menu | null } | null>(null);
  const save = useSaveMenu();
  const publish = usePublishMenu();
  useEffect(() => {
    setDraft(saved.data ? saved.data.draft : null);
    setSelected(null);
    setCurrent(null);
  }, [saved.data]);

  const menu = useMemo<Menu>(() => draft ?? { button: [] }, [draft]);
  const issues = useMemo(() => menuIssues(menu), [menu]);
  const dirty = saved.data !== undefined && JSON.stringify(saved.data.draft) !== JSON.stringify(menu);
  const invalidAt = (p: MenuPlace) =>
    issues.some(
      (i) => i.path === placeKey(p) || (i.path.startsWith(`${placeKey(p)}.`) && !(p.sub === null && i.path.includes('sub_button'))),
    );
  const problemText = (i: MenuIssue) =>
    `${i.path.replace(/^button\./, '').replace('.sub_button.', '.')}: ${t(`problem.${i.problem.replace(/^menu\./, '')}`, { limit: i.limit })}`;
  const diff: MenuChange[] | null = current ? menuDiff(menu, current.menu) : null;
  const account = accounts.data?.find((a) => a.id === accountId);

  const edit = (next: Menu, select?: MenuPlace | null) => {
    setDraft(next);
    if (select !== undefined) setSelected(select);
  };
  const dropOn = (target: MenuPlace) => {
    if (!dragged || dragged.top === undefined) return;
    // Siblings only: top-level among top-level, sub-buttons within their own sub-menu.
    if (dragged.sub === null && target.sub === null) edit(moveAt(menu, dragged, target.top), target);
    else if (dragged.sub !== null && target.sub !== null && dragged.top === target.top) edit(moveAt(menu, dragged, target.sub), target);
    setDragged(null);
  };

  const onSave = async () => {
    if (!accountId || !saved.data) return;
    await save.mutateAsync({ accountId, version: saved.data.version, menu });
    void message.success(t('menu.saved'));
  };
  const onPublish = () => {
    if (!accountId || !saved.data) return;
    modal.confirm({
      title: t('menu.publish'),
      content: t('menu.confirmPublish'),
      okButtonProps: { id: 'wx-menu-publish-confirm' },
      onOk: async () => {
        await publish.mutateAsync({ accountId, version: saved.data!.version });
        void message.success(t('menu.published'));
      },
    });
  };

  const node = (b: MenuButton, p: MenuPlace, siblings: number) => {
    const index = p.sub === null ? p.top : p.sub;
    const isSel = selected !== null && selected.top === p.top && selected.sub === p.sub;
    return (
      <div
        className="wx-menu-node"
        data-selected={isSel}
        data-invalid={invalidAt(p)}
        data-place={placeKey(p)}
        draggable
        onDragStart={(e) => {
          setDragged(p);
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', placeKey(p));
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          dropOn(p);
        }}
        onClick={() => setSelected(p)}
      >
        <HolderOutlined aria-hidden className="wx-hint" />
        <span className="wx-menu-node-name">{b.name || '—'}</span>
        {b.sub_button && b.sub_button.length > 0 ? (
          <Tag>{b.sub_button.length}</Tag>
        ) : b.type ? (
          <Tag>{t(`menu.types.${b.type}`)}</Tag>
        ) : null}
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <RowAction
            type="text"
            size="small"
            icon={<ArrowUpOutlined aria-hidden />}
            label={`${t('menu.moveUp')} ${b.name}`}
            tip={t('menu.moveUp')}
            disabled={index === 0}
            onClick={() =>
              edit(moveAt(menu, p, index - 1), p.sub === null ? { top: index - 1, sub: null } : { top: p.top, sub: index - 1 })
            }
          />
          <RowAction
            type="text"
            size="small"
            icon={<ArrowDownOutlined aria-hidden />}
            label={`${t('menu.moveDown')} ${b.name}`}
            tip={t('menu.moveDown')}
            disabled={index === siblings - 1}
            onClick={() =>
              edit(moveAt(menu, p, index + 1), p.sub === null ? { top: index + 1, sub: null } : { top: p.top, sub: index + 1 })
            }
          />
          <RowAction
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            label={`${t('menu.remove')} ${b.name}`}
            tip={t('menu.remove')}
            onClick={() => edit(removeAt(menu, p), null)}
          />
        </Space>
      </div>
    );
  };

  const selectedButton = selected ? buttonAt(menu, selected) : undefined;

  return (
    <ListPage
      id="wx-menu-page"
      titleKey="weixinMenu"
      className="wx-page"
      data={{ 'data-dirty': dirty ? 'true' : 'false', 'data-issues': issues.length, 'data-version': saved.data?.version ?? '' }}
      toolbar={
        <Space wrap>
          <Select
            id="wx-menu-account"
            aria-label={t('menu.account')}
            style={{ width: 180 }}
            value={accountId}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id: number) => setAccountId(id)}
          />
          <Button
            id="wx-menu-save"
            icon={<SaveOutlined aria-hidden />}
            disabled={!dirty || issues.length > 0}
            loading={save.isPending}
            onClick={() => void onSave()}
          >
            {t('menu.save')}
          </Button>
          <Button
            id="wx-menu-publish"
            type="primary"
            icon={<SendOutlined aria-hidden />}
            disabled={dirty || issues.length > 0 || !saved.data || saved.data.version === 0}
            loading={publish.isPending}
            onClick={onPublish}
          >
            {t('menu.publish')}
          </Button>
          <Button
            id="wx-menu-fetch"
            icon={<CloudDownloadOutlined aria-hidden />}
            disabled={!accountId}
            onClick={() => void fetchCurrentMenu(accountId!).then(setCurrent)}
          >
            {t('menu.fetch')}
          </Button>
        </Space>
      }
    >
      {accounts.data && accounts.data.length === 0 ? <Alert type="info" showIcon message={t('account.noAccount')} /> : null}
      {saved.data ? (
        <div className="wx-hint" id="wx-menu-status" style={{ marginBottom: 8 }}>
          {saved.data.version > 0 ? t('menu.draftVersion', { version: saved.data.version }) : null}
          {' · '}
          {saved.data.publishedAt
            ? t('menu.publishedAt', { time: dayjs(saved.data.publishedAt).format('YYYY-MM-DD HH:mm'), by: saved.data.publishedBy })
            : t('menu.neverPublished')}
          {dirty ? (
            <Tag color="orange" style={{ marginLeft: 8 }}>
              {t('menu.unsaved')}
            </Tag>
          ) : null}
        </div>
      ) : null}
      {saved.data ? (
        <div className="wx-menu-editor">
          <div>
            <ul className="wx-menu-tree" id="wx-menu-tree">
              {menu.button.map((b, top) => (
                <li key={top}>
                  {node(b, { top, sub: null }, menu.button.length)}
                  <ul className="wx-menu-sub">
                    {(b.sub_button ?? []).map((s, sub) => (
                      <li key={sub}>{node(s, { top, sub }, b.sub_button!.length)}</li>
                    ))}
                    {(b.sub_button?.length ?? 0) < MENU_LIMITS.sub ? (
                      <li>
                        <Button
                          type="dashed"
                          size="small"
                          icon={<PlusOutlined aria-hidden />}
                          aria-label={`${t('menu.addSub')} ${b.name}`}
                          onClick={() => edit(addSub(menu, top, t('menu.newButton')), { top, sub: b.sub_button?.length ?? 0 })}
                        >
                          {t('menu.addSub')}
                        </Button>
                      </li>
                    ) : null}
                  </ul>
                </li>
              ))}
            </ul>
            {menu.button.length < MENU_LIMITS.top ? (
              <Button
                id="wx-menu-add-top"
                type="dashed"
                block
                icon={<PlusOutlined aria-hidden />}
                onClick={() => edit(addTop(menu, t('menu.newButton')), { top: menu.button.length, sub: null })}
              >
                {t('menu.addTop')}
              </Button>
            ) : null}
            <div className="wx-hint">{t('menu.dragHint')}</div>
          </div>
          <div>
            {selected && selectedButton ? (
              <ButtonForm
                button={selectedButton}
                isTop={selected.sub === null}
                hasSubs={selected.sub === null && (selectedButton.sub_button?.length ?? 0) > 0}
                onChange={(patch) => edit(updateAt(menu, selected, patch))}
              />
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
        </div>
      ) : null}
      {saved.data ? <PhonePreview menu={menu} title={account?.nickname || account?.name || ''} /> : null}
      {diff ? (
        <div id="wx-menu-diff" style={{ marginTop: 12 }}>
          <Typography.Title level={5}>{t('menu.diffTitle')}</Typography.Title>
          {current?.menu === null ? <Typography.Text type="secondary">{t('menu.noMenu')}</Typography.Text> : null}
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
      ) : null}
    </ListPage>
  );
}

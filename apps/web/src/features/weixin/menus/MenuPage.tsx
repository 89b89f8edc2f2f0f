import { CloudDownloadOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/admin-list/ListPage';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { NS } from '../i18n';
import '../weixin.css';
import { buttonAt, updateAt } from './menu-editor';
import { MenuDiff, MenuSide, MenuStatus, PhonePreview } from './MenuParts';
import { MenuTree } from './MenuTree';
import { useMenuDraft } from './use-menu-draft';

/** The account chosen, save the draft, publish it, fetch WeChat's current menu to compare. */
function MenuToolbar({ m }: { m: ReturnType<typeof useMenuDraft> }) {
  const { t } = useTranslation(NS);
  const blocked = m.issues.length > 0;
  return (
    <Space wrap>
      <Select
        id="wx-menu-account"
        aria-label={t('menu.account')}
        style={{ width: 180 }}
        value={m.accountId}
        options={(m.accounts ?? []).map((a) => ({ value: a.id, label: a.name }))}
        onChange={(id: number) => m.setAccountId(id)}
      />
      <Button
        id="wx-menu-save"
        icon={<SaveOutlined aria-hidden />}
        disabled={!m.dirty || blocked}
        loading={m.save.pending}
        onClick={() => void m.save.run()}
      >
        {t('menu.save')}
      </Button>
      <Button
        id="wx-menu-publish"
        type="primary"
        icon={<SendOutlined aria-hidden />}
        disabled={m.dirty || blocked || !m.saved || m.saved.version === 0}
        loading={m.publish.pending}
        onClick={m.publish.run}
      >
        {t('menu.publish')}
      </Button>
      <Button id="wx-menu-fetch" icon={<CloudDownloadOutlined aria-hidden />} disabled={!m.accountId} onClick={m.fetch}>
        {t('menu.fetch')}
      </Button>
    </Space>
  );
}

/**
 * /weixin-admin/weixin-menu: an account's menu as a tree (drag or arrows to reorder), the selected button's fields, a
 * phone preview; saved as a draft, checked against WeChat's rules, published, and compared with what WeChat has.
 */
export function MenuPage() {
  const { t } = useTranslation(NS);
  useHideForecast(true);
  const m = useMenuDraft();
  const { menu, selected, saved } = m;
  const selectedButton = selected ? buttonAt(menu, selected) : undefined;
  return (
    <ListPage
      id="wx-menu-page"
      titleKey="weixinMenu"
      className="map-panel-page wx-page"
      data={{ 'data-dirty': m.dirty ? 'true' : 'false', 'data-issues': m.issues.length, 'data-version': saved?.version ?? '' }}
      toolbar={<MenuToolbar m={m} />}
    >
      {m.accounts && m.accounts.length === 0 ? <Alert type="info" showIcon message={t('account.noAccount')} /> : null}
      {saved ? <MenuStatus saved={saved} dirty={m.dirty} /> : null}
      {saved ? (
        <div className="wx-menu-editor">
          <MenuTree menu={menu} issues={m.issues} selected={selected} onSelect={m.setSelected} onEdit={m.edit} />
          <MenuSide
            button={selected ? selectedButton : undefined}
            isTop={selected?.sub === null}
            issues={m.issues}
            onChange={(patch) => selected && m.edit(updateAt(menu, selected, patch))}
          />
        </div>
      ) : null}
      {saved ? <PhonePreview menu={menu} title={m.account?.nickname || m.account?.name || ''} /> : null}
      {m.diff ? <MenuDiff diff={m.diff} none={m.current?.menu === null} /> : null}
    </ListPage>
  );
}

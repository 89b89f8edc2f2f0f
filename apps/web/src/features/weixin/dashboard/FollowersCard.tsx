import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccounts } from '../api/weixin';
import { NS } from '../i18n';

/** Each official account with its followers, as last synced or told by WeChat's subscribe events. */
export default function FollowersCard() {
  const { t } = useTranslation(NS);
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  return (
    <Card
      title={t('dashboard.followersTitle')}
      loading={accounts.isPending}
      extra={<Link to="/weixin-admin/weixin-account">{t('dashboard.open')}</Link>}
      data-testid="dashboard-wx-followers"
    >
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noAccount')} />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(a) => (
            <List.Item>
              <Typography.Text strong>{a.name}</Typography.Text>
              <Typography.Text>{t('dashboard.followerCount', { count: a.followers })}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

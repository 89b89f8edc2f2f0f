import type { WxSend } from '@agromet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../lib/request';
import { NS } from '../i18n';
import '../weixin.css';
import { waitingSends } from './sends-card-rules';

const WAITING_SHOWN = 5;
const LATEST_SHOWN = 3;

/** The text of a send on one line: a picture by its name. */
function SendText({ send }: { send: WxSend }) {
  const { t } = useTranslation(NS);
  return (
    <Typography.Text ellipsis className="wx-dash-send-text">
      {send.kind === 'image' ? `[${t('send.kinds.image')}] ${send.content.split('\n')[1] ?? ''}` : send.content}
    </Typography.Text>
  );
}

const time = (send: WxSend) => (
  <Typography.Text type="secondary">
    <time dateTime={send.createdAt}>{dayjs(send.createdAt).format('MM-DD HH:mm')}</time>
  </Typography.Text>
);

/**
 * Mass sends: those waiting for approval under their count (only those: the latest of any state once stood there, a
 * sent one under "waiting: 0"), then the latest few with their state, apart under their own heading.
 */
export default function SendsCard() {
  const { t } = useTranslation(NS);
  const waiting = useQuery({
    queryKey: ['dashboard', 'weixin', 'pending'],
    queryFn: ({ signal }) => request('wxSendPage', { query: { state: 'pending', page: 1, size: WAITING_SHOWN }, signal }),
  });
  const latest = useQuery({
    queryKey: ['dashboard', 'weixin', 'latest'],
    queryFn: ({ signal }) => request('wxSendPage', { query: { page: 1, size: LATEST_SHOWN }, signal }),
  });
  const { shown, more } = waitingSends(waiting.data);
  return (
    <Card
      title={t('dashboard.sendsTitle', { count: waiting.data?.total ?? 0 })}
      loading={waiting.isPending || latest.isPending}
      extra={<Link to="/weixin-admin/weixin-send">{t('dashboard.open')}</Link>}
      data-testid="dashboard-wx-sends"
    >
      <div data-testid="dashboard-wx-waiting">
        {shown.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboard.noneWaiting')}</Typography.Text>
        ) : (
          <List
            className="wx-dash-list"
            size="small"
            dataSource={shown}
            rowKey="id"
            renderItem={(s) => (
              <List.Item>
                <SendText send={s} />
                {time(s)}
              </List.Item>
            )}
          />
        )}
        {more > 0 ? <Typography.Text type="secondary">{t('dashboard.moreWaiting', { count: more })}</Typography.Text> : null}
      </div>
      <Typography.Title level={5} className="wx-dash-subtitle">
        {t('dashboard.latestTitle')}
      </Typography.Title>
      <div data-testid="dashboard-wx-latest">
        {(latest.data?.list.length ?? 0) === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noSends')} />
        ) : (
          <List
            className="wx-dash-list"
            size="small"
            dataSource={latest.data?.list ?? []}
            rowKey="id"
            renderItem={(s) => (
              <List.Item>
                <SendText send={s} />
                {/* The state's tag and the date side by side, a gap between them (the tag once touched the date). */}
                <span className="wx-dash-state">
                  <Tag>{t(`send.states.${s.state}`)}</Tag>
                  {time(s)}
                </span>
              </List.Item>
            )}
          />
        )}
      </div>
    </Card>
  );
}

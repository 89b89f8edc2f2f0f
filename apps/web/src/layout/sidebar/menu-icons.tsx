import {
  AppstoreOutlined,
  CompassOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  EditOutlined,
  FileOutlined,
  GlobalOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons named by the route table's meta.icon (decorative: the label names the entry). */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  edit: <EditOutlined aria-hidden />,
  product: <AppstoreOutlined aria-hidden />,
  zoning: <GlobalOutlined aria-hidden />,
  service: <CustomerServiceOutlined aria-hidden />,
  setting: <SettingOutlined aria-hidden />,
  disaster: <ThunderboltOutlined aria-hidden />,
  travel: <CompassOutlined aria-hidden />,
  wechat: <WechatOutlined aria-hidden />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <FileOutlined aria-hidden />;
}

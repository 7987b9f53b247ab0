/** Top bar (spec §2.3): logo, area navigation, nickname, avatar with online dot and the user dropdown. */
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Badge, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  api,
  endpointKey,
  hasAnyInArea,
  localize,
  REMOTE_AREAS,
  useLanguageStore,
  useRealtimeStatus,
  useSessionStore,
  type RemoteArea,
} from '@portal/shared-core';
import type { CompanyBrand } from '@portal/shared-contract';
import { usePortal } from '../app/portal-context';
import { NotificationBell } from '../notifications/notification-bell';
import { OnlinePeoplePanel } from '../realtime/online-people-panel';
import { AREA_LABELS, text } from '../i18n/shell-texts';
import { confirmLogout } from './logout';
import { useSignedFile } from '../files/use-signed-file';

export type AreaNavItem = { area: RemoteArea; label: string; path: string; unavailable: boolean };

/** The areas the user may open: permitted, and either with a visible route or unavailable (greyed). */
export function useAreaNavigation(): AreaNavItem[] {
  const { permissions, menus, unavailable } = usePortal();
  return REMOTE_AREAS.filter((area) => hasAnyInArea(permissions, area)).flatMap((area) => {
    const menu = menus.find((m) => m.area === area);
    const isUnavailable = unavailable.includes(area);
    if (!menu && !isUnavailable) return [];
    return [{ area, label: localize(AREA_LABELS[area]), path: menu?.redirect ?? `/${area}`, unavailable: isUnavailable }];
  });
}

export function TopBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { modal, message } = App.useApp();
  const user = useSessionStore((s) => s.user);
  const { online, onlineCount } = useRealtimeStatus();
  const { language, setLanguage } = useLanguageStore();
  const areas = useAreaNavigation();
  const currentArea = pathname.split('/')[1];
  const [onlinePanelOpen, setOnlinePanelOpen] = useState(false);
  // 基础设置 › 公司信息 (refreshed when the settings change); failures keep the product's own title.
  const company = useQuery({
    queryKey: endpointKey('api/setting/company'),
    queryFn: () => api.fetch<CompanyBrand>('api/setting/company', undefined, { silent: true }),
    staleTime: 5 * 60_000,
  });
  const logoSrc = useSignedFile(company.data?.companyLogo ?? '');
  const avatarSrc = useSignedFile(user?.header ?? '');

  const items: MenuProps['items'] = [
    { key: 'person', label: text('personalSettings') },
    { key: 'online', label: `${text('onlineCount')}：${onlineCount ?? '-'}` },
    {
      key: 'language',
      label: text('language'),
      children: [
        { key: 'lang-cn', label: '中文', disabled: language === 'cn' },
        { key: 'lang-en', label: 'English', disabled: language === 'en' },
      ],
    },
    { type: 'divider' },
    { key: 'logout', label: text('logout'), danger: true },
  ];

  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'person') navigate('/person/index');
    else if (key === 'online') setOnlinePanelOpen(true);
    else if (key === 'lang-cn') setLanguage('cn');
    else if (key === 'lang-en') setLanguage('en');
    else if (key === 'logout') confirmLogout(modal, message, () => navigate('/login', { replace: true }));
  };

  return (
    <div className="top-bar">
      <a className="top-bar-logo" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
        {logoSrc ? <img className="top-bar-logo-image" src={logoSrc} alt="" height={28} /> : <span className="top-bar-logo-mark">销</span>}
        <span>{company.data?.companyName || text('appTitle')}</span>
      </a>
      <nav className="top-bar-areas" aria-label="areas">
        {areas.map((item) => {
          const link = (
            <a
              key={item.area}
              href={item.path}
              className={['top-bar-area', currentArea === item.area ? 'is-active' : '', item.unavailable ? 'is-unavailable' : ''].join(' ')}
              aria-disabled={item.unavailable || undefined}
              onClick={(e) => (e.preventDefault(), navigate(item.path))}
            >
              {item.label}
            </a>
          );
          return item.unavailable ? (
            <Tooltip key={item.area} title={text('areaUnavailableTip')}>
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
      </nav>
      <NotificationBell />
      <Dropdown menu={{ items, onClick: handleMenuClick }} trigger={['click']}>
        <a className="top-bar-user" onClick={(e) => e.preventDefault()} href="#user">
          <Space>
            <Badge dot status={online ? 'success' : 'default'} offset={[-4, 28]} title={online ? text('online') : text('offline')}>
              <Avatar src={avatarSrc || undefined} icon={<UserOutlined />} />
            </Badge>
            <span className="top-bar-nickname">{user?.NickName}</span>
            <DownOutlined />
          </Space>
        </a>
      </Dropdown>
      <OnlinePeoplePanel open={onlinePanelOpen} onClose={() => setOnlinePanelOpen(false)} />
    </div>
  );
}

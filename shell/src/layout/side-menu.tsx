/** Sidebar (spec §2.3): the menu of the current area, CRM badges, and the oa New workflow button. */
import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { localize, type MenuItem } from '@portal/shared-core';
import { usePortal } from '../app/portal-context';
import { SHELL_ROUTE_TITLES, text } from '../i18n/shell-texts';
import { useMenuBadges } from '../notifications/notification-queries';

type AntItem = NonNullable<MenuProps['items']>[number];

const PERSON_MENU: MenuItem[] = Object.entries(SHELL_ROUTE_TITLES).map(([key, title]) => ({ key, title }));
export const NEW_WORKFLOW_PATH = '/oa/createApproval';

function groupKeys(items: MenuItem[]): string[] {
  return items.flatMap((i) => (i.children ? [i.key, ...groupKeys(i.children)] : []));
}

function leafKeys(items: MenuItem[]): string[] {
  return items.flatMap((i) => (i.children ? leafKeys(i.children) : [i.key]));
}

export function SideMenu() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const portal = usePortal();
  const counts = useMenuBadges();
  const area = pathname.split('/')[1];
  const items = area === 'person' ? PERSON_MENU : (portal.menus.find((m) => m.area === area)?.items ?? []);

  const toAnt = (item: MenuItem): AntItem => {
    const count = item.badge ? (counts[item.badge] ?? 0) : 0;
    const label = (
      <span className="side-menu-label">
        {localize(item.title)}
        {count > 0 && <Badge count={count} size="small" className="side-menu-badge" />}
      </span>
    );
    return item.children ? { key: item.key, label, children: item.children.map(toAnt) } : { key: item.key, label };
  };

  // The deepest menu entry the current path lies under (so /crm/customer/watched/12 marks 我的客户).
  const selected = leafKeys(items)
    .filter((key) => pathname === key || pathname.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <div className="side-menu">
      {area === 'oa' && portal.findRoute(NEW_WORKFLOW_PATH) && (
        <div className="side-menu-action">
          <Button type="primary" block icon={<PlusOutlined />} onClick={() => navigate(NEW_WORKFLOW_PATH)}>
            {text('newWorkflow')}
          </Button>
        </div>
      )}
      <Menu
        key={area}
        mode="inline"
        items={items.map(toAnt)}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={groupKeys(items)}
        onClick={({ key }) => navigate(key)}
      />
    </div>
  );
}

/** Open pages as closable tabs (spec §2.3); the rules live in shared-core's tabs store. */
import { Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { canCloseTab, useTabsStore } from '@portal/shared-core';

export function PageTabs({ activePath }: { activePath: string }) {
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);
  const closeTab = useTabsStore((s) => s.closeTab);
  const closable = canCloseTab(tabs);

  function handleEdit(key: unknown, action: 'add' | 'remove') {
    if (action !== 'remove' || typeof key !== 'string') return;
    const next = closeTab(key);
    if (next && key === activePath) navigate(next);
  }

  return (
    <Tabs
      className="page-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activePath}
      onChange={(key) => navigate(key)}
      onEdit={handleEdit}
      items={tabs.map((tab) => ({ key: tab.key, label: tab.title, closable }))}
    />
  );
}

/**
 * 权限设置: one tree per area (area → group → page → 查看 and actions) with tri-state checkboxes, and
 * 全选 / 清空 per area. Controlled: `value` is the role's permission tree.
 */
import { Button, Card, Space, Tree } from 'antd';
import type { PermissionTree } from '@portal/shared-core';
import type { CatalogueArea } from '../api/role-api';
import { areaNodes, areaRights, nextAreaRights, withArea } from './rights-model';

export type RightsEditorProps = {
  catalogue: readonly CatalogueArea[];
  value: Partial<PermissionTree>;
  onChange: (value: Partial<PermissionTree>) => void;
  disabled?: boolean;
};

export function RightsEditor({ catalogue, value, onChange, disabled }: RightsEditorProps) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {catalogue.map((area) => {
        const granted = value[area.area] ?? [];
        const all = areaRights(area);
        const count = all.filter((r) => granted.includes(r)).length;
        return (
          <Card
            key={area.area}
            size="small"
            title={`${area.title}（${count}/${all.length}）`}
            extra={
              <Space>
                <Button size="small" autoInsertSpace={false} disabled={disabled} onClick={() => onChange(withArea(value, area.area, all))}>
                  全选
                </Button>
                <Button size="small" autoInsertSpace={false} disabled={disabled} onClick={() => onChange(withArea(value, area.area, []))}>
                  清空
                </Button>
              </Space>
            }
          >
            <Tree
              checkable
              selectable={false}
              disabled={disabled}
              defaultExpandAll
              treeData={areaNodes(area)}
              checkedKeys={granted.filter((r) => all.includes(r))}
              onCheck={(checked, info) => {
                const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
                onChange(withArea(value, area.area, nextAreaRights(area, keys, String(info.node.key), info.checked)));
              }}
            />
          </Card>
        );
      })}
    </Space>
  );
}

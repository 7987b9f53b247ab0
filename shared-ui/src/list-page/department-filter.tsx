/** The list's department filter: a 部门 button opening the department picker popup (one department). */
import { lazy, useState } from 'react';
import { Button } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { WhenOpened } from '../lazy/when-opened';

// The picker (a tree in a modal) loads when the button is first pressed, not with the list.
const DepartmentPicker = lazy(() => import('../pickers/department-picker').then((m) => ({ default: m.DepartmentPicker })));

export type DepartmentChoice = { id: number; name: string };

export type DepartmentFilterProps = {
  value?: DepartmentChoice;
  onChange: (department: DepartmentChoice | undefined) => void;
};

export function DepartmentFilter({ value, onChange }: DepartmentFilterProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ApartmentOutlined />} autoInsertSpace={false} onClick={() => setOpen(true)}>
        {value ? value.name : '部门'}
      </Button>
      <WhenOpened open={open}>
        <DepartmentPicker
          open={open}
          max={1}
          value={value ? [value.id] : []}
          onClose={() => setOpen(false)}
          onSelect={([node]) => {
            setOpen(false);
            if (node) onChange({ id: node.id, name: node.text });
          }}
        />
      </WhenOpened>
    </>
  );
}

/**
 * The palette of the 30 control types and the field list. Fields are added by a click on a palette
 * entry (at the end, or after the selected field) or by dragging it into the list; reordered by
 * dragging a row (HTML5 drag and drop; no drag library is in the repository) or with ↑/↓; deleted with ×.
 */
import { memo, useCallback, useState, type DragEvent } from 'react';
import { Tag } from 'antd';
import { CONTROL_CATALOGUE, controlLabel, type ControlGroup } from '../model/control-catalogue';
import type { DesignField } from '../model/designer-model';

const PALETTE_MIME = 'application/x-form-control';
const ROW_MIME = 'application/x-form-field-index';
const PALETTE_BUTTON = { padding: '2px 6px', border: '1px solid #d9d9d9', borderRadius: 4, background: '#fff', cursor: 'grab', fontSize: 12 } as const;
const ICON_BUTTON = { padding: '0 6px', border: 'none', background: 'transparent', cursor: 'pointer' } as const;
const GROUPS: ControlGroup[] = ['基础', '选择', '日期', '业务', '上传与富内容', '布局'];

export function ControlPalette({ onAdd }: { onAdd: (type: string) => void }) {
  return (
    <div data-testid="control-palette">
      {GROUPS.map((group) => (
        <div key={group} style={{ marginBottom: 8 }}>
          <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{group}</div>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, marginTop: 4 }}>
            {CONTROL_CATALOGUE.filter((c) => c.group === group).map((c) => (
              <button
                type="button"
                key={c.type}
                draggable
                data-testid={`palette-${c.type}`}
                onDragStart={(e: DragEvent) => e.dataTransfer?.setData(PALETTE_MIME, c.type)}
                onClick={() => onAdd(c.type)}
                style={PALETTE_BUTTON}
              >
                {c.label}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export type FieldListProps = {
  fields: readonly DesignField[];
  selectedKey: string | null;
  /** The key of the field a refused save names. */
  errorKey: string | null;
  onSelect: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onDropControl: (type: string, at: number) => void;
};

type RowProps = {
  field: DesignField;
  index: number;
  last: boolean;
  selected: boolean;
  faulty: boolean;
  over: boolean;
  onSelect: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onOver: (index: number | null) => void;
  onDropAt: (e: DragEvent, at: number) => void;
};

/** One row; memoised, so editing one field re-renders one row. */
const FieldRow = memo(function FieldRow({ field: f, index: i, last, selected, faulty, over, onSelect, onMove, onRemove, onOver, onDropAt }: RowProps) {
  return (
    <li
      data-testid={`field-row-${i}`}
      draggable
      onDragStart={(e) => e.dataTransfer?.setData(ROW_MIME, String(i))}
      onDragOver={(e) => {
        e.preventDefault();
        onOver(i);
      }}
      onDragLeave={() => onOver(null)}
      onDrop={(e) => {
        e.stopPropagation();
        onDropAt(e, i);
      }}
      onClick={() => onSelect(f.key)}
      aria-selected={selected}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 8px',
        marginBottom: 4,
        cursor: 'grab',
        borderRadius: 4,
        border: `1px solid ${faulty ? '#ff4d4f' : selected ? '#1677ff' : '#f0f0f0'}`,
        boxShadow: over ? '0 -2px 0 #1677ff' : undefined,
        background: selected ? '#e6f4ff' : '#fff',
        opacity: f.status === 1 ? 1 : 0.55,
      }}
    >
      <span aria-hidden style={{ color: '#bfbfbf' }}>
        ⋮⋮
      </span>
      <span style={{ flex: 1, minWidth: 0 }}>
        {f.def.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
        {f.def.title || '（无标题）'}
        <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginLeft: 8 }}>{f.def.field}</span>
      </span>
      {f.def.linkage?.length ? <Tag color="purple">联动</Tag> : null}
      {f.isshow === 0 ? <Tag>录入隐藏</Tag> : null}
      {f.status === 0 ? <Tag>停用</Tag> : null}
      <Tag>{controlLabel(f.def.type)}</Tag>
      <button
        type="button"
        style={ICON_BUTTON}
        title="上移"
        aria-label={`上移${f.def.title}`}
        disabled={i === 0}
        onClick={(e) => (e.stopPropagation(), onMove(i, i - 1))}
      >
        ↑
      </button>
      <button
        type="button"
        style={ICON_BUTTON}
        title="下移"
        aria-label={`下移${f.def.title}`}
        disabled={last}
        onClick={(e) => (e.stopPropagation(), onMove(i, i + 1))}
      >
        ↓
      </button>
      <button
        type="button"
        style={{ ...ICON_BUTTON, color: '#ff4d4f' }}
        title="删除"
        aria-label={`删除${f.def.title}`}
        onClick={(e) => (e.stopPropagation(), onRemove(f.key))}
      >
        ×
      </button>
    </li>
  );
});

export function FieldList({ fields, selectedKey, errorKey, onSelect, onMove, onRemove, onDropControl }: FieldListProps) {
  const [over, setOver] = useState<number | null>(null);
  const count = fields.length;

  const drop = useCallback(
    (e: DragEvent, at: number) => {
      e.preventDefault();
      setOver(null);
      const type = e.dataTransfer?.getData(PALETTE_MIME);
      if (type) return onDropControl(type, at);
      const raw = e.dataTransfer?.getData(ROW_MIME) ?? '';
      if (raw !== '' && Number.isInteger(Number(raw))) onMove(Number(raw), Math.min(at, count - 1));
    },
    [onDropControl, onMove, count],
  );

  if (count === 0) {
    return (
      <div data-testid="field-list" onDragOver={(e) => e.preventDefault()} onDrop={(e) => drop(e, 0)} style={{ border: '1px dashed #d9d9d9', padding: 24 }}>
        <div style={{ textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>点击或拖入左侧控件来添加字段</div>
      </div>
    );
  }

  return (
    <ol data-testid="field-list" style={{ listStyle: 'none', margin: 0, padding: 0 }} onDragOver={(e) => e.preventDefault()} onDrop={(e) => drop(e, count)}>
      {fields.map((f, i) => (
        <FieldRow
          key={f.key}
          field={f}
          index={i}
          last={i === count - 1}
          selected={f.key === selectedKey}
          faulty={f.key === errorKey}
          over={over === i}
          onSelect={onSelect}
          onMove={onMove}
          onRemove={onRemove}
          onOver={setOver}
          onDropAt={drop}
        />
      ))}
    </ol>
  );
}

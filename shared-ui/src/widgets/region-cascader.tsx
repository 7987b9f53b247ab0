/**
 * Province → city (levels 2) and province → city → district (levels 3) cascaders (spec §2.6), each
 * level loaded when its parent is opened. A stored value loads its own path first, so its names
 * show without opening anything.
 */
import { useEffect, useRef, useState } from 'react';
import { Cascader } from 'antd';
import { fetchRegions, type Region, type RegionLevel } from './region-api';

export type RegionCascaderProps = {
  /** The element id a form label points at. */
  id?: string;
  /** 2 = province and city; 3 = down to the district. */
  levels: 2 | 3;
  value?: readonly (number | string)[] | null;
  onChange?: (value: number[] | undefined, names: string[]) => void;
  disabled?: boolean;
  placeholder?: string;
};

type RegionOption = { value: number; label: string; isLeaf: boolean; children?: RegionOption[] };

function toOptions(regions: Region[], level: RegionLevel, levels: number): RegionOption[] {
  return regions.map((r) => ({ value: Number(r.id), label: r.name, isLeaf: level >= levels }));
}

/** A copy of `options` with `children` set under the option at `path`. */
function withChildren(options: RegionOption[], path: number[], children: RegionOption[]): RegionOption[] {
  const [head, ...rest] = path;
  return options.map((option) => {
    if (option.value !== head) return option;
    if (rest.length === 0) return { ...option, children };
    return { ...option, children: withChildren(option.children ?? [], rest, children) };
  });
}

/** Whether every region of `path` is loaded (each one's parent has its children). */
function hasPath(options: RegionOption[], path: number[]): boolean {
  let level = options;
  for (const id of path) {
    const option = level.find((o) => o.value === id);
    if (!option) return false;
    level = option.children ?? [];
  }
  return true;
}

export function RegionCascader({ id, levels, value, onChange, disabled, placeholder = '请选择' }: RegionCascaderProps) {
  const [options, setOptions] = useState<RegionOption[]>([]);
  const path = (value ?? []).map(Number).filter((id) => Number.isFinite(id) && id !== 0);
  const pathKey = path.join(',');

  const optionsRef = useRef(options);
  optionsRef.current = options;

  // Provinces first; a stored value (also one set later, when a record loads) loads its own path.
  useEffect(() => {
    const stored = pathKey ? pathKey.split(',').map(Number).slice(0, levels) : [];
    if (optionsRef.current.length > 0 && hasPath(optionsRef.current, stored)) return;
    let alive = true;
    (async () => {
      let tree = optionsRef.current.length > 0 ? optionsRef.current : toOptions(await fetchRegions(1), 1, levels);
      for (let depth = 1; depth < stored.length; depth++) {
        const level = (depth + 1) as RegionLevel;
        const children = toOptions(await fetchRegions(level, stored[depth - 1]), level, levels);
        tree = withChildren(tree, stored.slice(0, depth), children);
      }
      if (alive) setOptions(tree);
    })().catch(() => undefined); // the API client has reported the failure
    return () => {
      alive = false;
    };
  }, [levels, pathKey]);

  async function loadData(selected: RegionOption[]) {
    const parent = selected[selected.length - 1];
    const level = (selected.length + 1) as RegionLevel;
    const children = toOptions(await fetchRegions(level, parent.value), level, levels);
    setOptions((current) => withChildren(current, selected.map((o) => o.value), children));
  }

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      loadData={(selected) => void loadData(selected)}
      value={path.length ? path : undefined}
      changeOnSelect={false}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
      onChange={(ids, selected) =>
        onChange?.(ids && ids.length ? ids.map(Number) : undefined, (selected ?? []).map((o) => o.label))
      }
    />
  );
}

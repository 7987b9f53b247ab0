/**
 * Province → city (levels 2) and province → city → district (levels 3) cascaders (spec §2.6), each
 * level loaded when its parent is opened. A stored value loads its own path first, so its names
 * show without opening anything.
 */
import { useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { regionsQuery, type Region, type RegionLevel } from './region-api';

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

/** The regions paths whose children are shown: provinces ([]), then each stored or opened parent. */
function pathsToLoad(stored: number[], opened: readonly number[][]): number[][] {
  const paths = [[] as number[], ...stored.slice(0, -1).map((_, depth) => stored.slice(0, depth + 1)), ...opened];
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = p.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function RegionCascader({ id, levels, value, onChange, disabled, placeholder = '请选择' }: RegionCascaderProps) {
  const queryClient = useQueryClient();
  // Which regions the user has opened (UI state); their children come from the query cache.
  const [opened, setOpened] = useState<number[][]>([]);
  const path = (value ?? []).map(Number).filter((id) => Number.isFinite(id) && id !== 0);
  const stored = path.slice(0, levels);
  // Provinces first; a stored value (also one set later, when a record loads) loads its own path.
  const paths = pathsToLoad(stored, opened);
  const loaded = useQueries({ queries: paths.map((p) => regionsQuery(p)) });

  let options: RegionOption[] = [];
  loaded.forEach((result, index) => {
    const parents = paths[index];
    if (!result.data) return;
    const children = toOptions(result.data, (parents.length + 1) as RegionLevel, levels);
    options = parents.length === 0 ? children : withChildren(options, parents, children);
  });

  async function loadData(selected: RegionOption[]) {
    const parents = selected.map((o) => o.value);
    // The client has reported a failure; the region simply shows no children.
    await queryClient.fetchQuery(regionsQuery(parents)).catch(() => undefined);
    setOpened((list) => [...list, parents]);
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
        onChange?.(
          ids && ids.length ? ids.map(Number) : undefined,
          (selected ?? []).map((o) => o.label),
        )
      }
    />
  );
}

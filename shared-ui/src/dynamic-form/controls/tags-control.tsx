/** tags: the field's options as tags, each toggled by a click; the chosen ones held comma-joined. */
import { Flex, Tag } from 'antd';
import { choicesOf, joinChoices, sameChoice } from './choice-value';
import type { ControlProps } from '../types';

export function TagsControl({ field, value, onChange, disabled, id }: ControlProps) {
  const chosen = choicesOf(value);
  const options = field.options ?? [];
  const locked = disabled || field.readonly;

  function toggle(option: string | number) {
    const on = chosen.some((c) => sameChoice(c, option));
    // Kept in the options' order, so the same choice always reads the same.
    const next = options.filter((o) => (sameChoice(o.value, option) ? !on : chosen.some((c) => sameChoice(c, o.value))));
    onChange?.(joinChoices(next.map((o) => o.value)));
  }

  return (
    <Flex wrap gap={4} id={id}>
      {options.map((option) => (
        <Tag.CheckableTag
          key={String(option.value)}
          checked={chosen.some((c) => sameChoice(c, option.value))}
          onChange={() => (locked ? undefined : toggle(option.value))}
          aria-disabled={locked}
        >
          {option.label}
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}

import { lineKeyOfLabel } from './flow-canvas';

describe('lineKeyOfLabel', () => {
  const keys = ['node1-node2', 'node2-node3', 'node3-node4'];
  function label(className: string): HTMLElement {
    const el = document.createElement('div');
    el.className = className;
    const inner = document.createElement('span');
    el.appendChild(inner);
    document.body.appendChild(el);
    return inner;
  }

  it('finds the line of a press inside its label', () => {
    expect(lineKeyOfLabel(label('jtk-overlay flow-line-label flow-line-label-1'), keys)).toBe('node2-node3');
    expect(lineKeyOfLabel(label('flow-line-label flow-line-label-2 jtk-hover'), keys)).toBe('node3-node4');
  });

  it('ignores presses elsewhere and labels of lines no longer drawn', () => {
    expect(lineKeyOfLabel(label('flow-node'), keys)).toBeNull();
    expect(lineKeyOfLabel(label('flow-line-label flow-line-label-7'), keys)).toBeNull();
    expect(lineKeyOfLabel(null, keys)).toBeNull();
  });
});

/** Renders shared-core's slide panel; a click outside (on the mask) closes it. */
import { Drawer } from 'antd';
import { useSlidePanelStore } from '@portal/shared-core';

export function SlidePanelHost() {
  const panel = useSlidePanelStore((s) => s.panel);
  const closePanel = useSlidePanelStore((s) => s.closePanel);
  return (
    <Drawer
      open={panel !== null}
      title={panel?.title}
      size={panel?.width}
      placement="right"
      mask={{ closable: true }}
      destroyOnHidden
      onClose={closePanel}
      styles={{ mask: { background: 'transparent' } }}
    >
      {panel?.content}
    </Drawer>
  );
}

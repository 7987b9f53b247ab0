/**
 * Full-screen image viewer (spec §2.6, §9): zoom (buttons 0.2, wheel 0.015, not below 0.2),
 * rotate by 90°, fit/original toggle, previous/next. Keys: Esc closes, Space toggles the mode,
 * ←/→ navigate, ↑/↓ zoom. A picture that cannot load shows 加载失败.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Flex, Spin, Tooltip } from 'antd';
import {
  CloseOutlined,
  ExpandOutlined,
  LeftOutlined,
  OneToOneOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { MESSAGES } from '@portal/shared-core';
import { INITIAL_TRANSFORM, rotateBy, WHEEL_ZOOM_STEP, ZOOM_STEP, zoomBy, type ViewerTransform } from './image-viewer-transform';
import { useFileSrc } from './file-url';

export type ImageViewerProps = {
  open: boolean;
  urls: readonly string[];
  /** The picture shown first. */
  index?: number;
  onClose: () => void;
};

/** 'contain' fits the picture into the window; 'original' shows it at its own size. */
export type ViewerMode = 'contain' | 'original';

export function ImageViewer({ open, urls, index = 0, onClose }: ImageViewerProps) {
  if (!open || urls.length === 0) return null;
  return createPortal(<ViewerOverlay urls={urls} initialIndex={index} onClose={onClose} />, document.body);
}

function ViewerOverlay({ urls, initialIndex, onClose }: { urls: readonly string[]; initialIndex: number; onClose: () => void }) {
  const [current, setCurrent] = useState(Math.min(Math.max(initialIndex, 0), urls.length - 1));
  const [mode, setMode] = useState<ViewerMode>('contain');
  const [transform, setTransform] = useState<ViewerTransform>(INITIAL_TRANSFORM);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const many = urls.length > 1;

  // Every picture (and every mode switch) starts unzoomed and unrotated.
  const show = useCallback(
    (next: number) => {
      setCurrent((next + urls.length) % urls.length);
      setTransform(INITIAL_TRANSFORM);
      setStatus('loading');
    },
    [urls.length],
  );
  const toggleMode = useCallback(() => {
    setMode((m) => (m === 'contain' ? 'original' : 'contain'));
    setTransform(INITIAL_TRANSFORM);
  }, []);
  const zoom = useCallback((delta: number) => setTransform((t) => zoomBy(t, delta)), []);

  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      switch (event.key) {
        case 'Escape':
          onClose();
          break;
        case ' ':
        case 'Spacebar':
          toggleMode();
          break;
        case 'ArrowLeft':
          if (many) show(current - 1);
          break;
        case 'ArrowRight':
          if (many) show(current + 1);
          break;
        case 'ArrowUp':
          zoom(ZOOM_STEP);
          break;
        case 'ArrowDown':
          zoom(-ZOOM_STEP);
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [current, many, onClose, show, toggleMode, zoom]);

  const url = useFileSrc(urls[current]) ?? '';
  const tool = (title: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={title}>
      <Button type="text" aria-label={title} icon={icon} onClick={onClick} style={{ color: '#fff' }} />
    </Tooltip>
  );

  return (
    <div
      role="dialog"
      aria-label="图片查看"
      data-mode={mode}
      onWheel={(event) => zoom(event.deltaY < 0 ? WHEEL_ZOOM_STEP : -WHEEL_ZOOM_STEP)}
      style={{ position: 'fixed', inset: 0, zIndex: 2000, background: 'rgba(0,0,0,0.5)', overflow: 'hidden' }}
    >
      <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }} onClick={(e) => e.target === e.currentTarget && onClose()}>
        {status === 'failed' ? (
          <span style={{ color: '#fff' }}>{MESSAGES.imageLoadFailed}</span>
        ) : (
          <>
            {status === 'loading' ? <Spin style={{ position: 'absolute' }} /> : null}
            <img
              key={url}
              src={url}
              alt=""
              onLoad={() => setStatus('loaded')}
              onError={() => setStatus('failed')}
              style={{
                transform: `scale(${transform.scale}) rotate(${transform.deg}deg)`,
                transition: 'transform .3s',
                maxWidth: mode === 'contain' ? '100%' : 'none',
                maxHeight: mode === 'contain' ? '100%' : 'none',
                visibility: status === 'loaded' ? 'visible' : 'hidden',
              }}
            />
          </>
        )}
      </Flex>
      <Button shape="circle" aria-label="关闭" icon={<CloseOutlined />} onClick={onClose} style={{ position: 'absolute', top: 24, right: 24 }} />
      {many ? (
        <>
          <Button
            shape="circle"
            size="large"
            aria-label="上一张"
            icon={<LeftOutlined />}
            onClick={() => show(current - 1)}
            style={{ position: 'absolute', left: 24, top: '50%' }}
          />
          <Button
            shape="circle"
            size="large"
            aria-label="下一张"
            icon={<RightOutlined />}
            onClick={() => show(current + 1)}
            style={{ position: 'absolute', right: 24, top: '50%' }}
          />
        </>
      ) : null}
      <Flex
        gap={4}
        style={{
          position: 'absolute',
          bottom: 24,
          left: '50%',
          transform: 'translateX(-50%)',
          background: 'rgba(0,0,0,0.45)',
          borderRadius: 20,
          padding: '2px 12px',
        }}
      >
        {tool('缩小', <ZoomOutOutlined />, () => zoom(-ZOOM_STEP))}
        {tool('放大', <ZoomInOutlined />, () => zoom(ZOOM_STEP))}
        {tool(mode === 'contain' ? '原始尺寸' : '适应窗口', mode === 'contain' ? <OneToOneOutlined /> : <ExpandOutlined />, toggleMode)}
        {tool('向左旋转', <RotateLeftOutlined />, () => setTransform((t) => rotateBy(t, false)))}
        {tool('向右旋转', <RotateRightOutlined />, () => setTransform((t) => rotateBy(t, true)))}
      </Flex>
    </div>
  );
}

/** The top bar's bell: the unread count as a badge, and the 消息提醒 drawer it opens. */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NotificationDrawer } from './notification-drawer';
import { useUnreadCount } from './notification-queries';
import { notificationText } from './notification-texts';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unreadCount = useUnreadCount();
  const navigate = useNavigate();
  return (
    <>
      <Badge count={unreadCount} size="small" offset={[-6, 6]} className="notification-bell">
        <Button type="text" shape="circle" aria-label={notificationText('title')} icon={<BellOutlined />} onClick={() => setOpen(true)} />
      </Badge>
      <NotificationDrawer
        open={open}
        onClose={() => setOpen(false)}
        onOpenApproval={(taskId) => {
          setOpen(false);
          // Any approval list opens the panel from ?taskid= (remote-oa); 待我审批 is the one every approver has.
          navigate(`/oa/approval/todo?taskid=${taskId}`);
        }}
      />
    </>
  );
}

/** 当前在线： (spec §2.3): the people online, asked of the hub (`getOnlinefriend`) each time it opens. */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Drawer, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { presenceKeys } from '@portal/shared-core';
import { notificationText } from '../notifications/notification-texts';
import type { OnlineFriend } from './realtime-connection';
import { useRealtime } from './realtime-provider';
import { useSignedFile } from '../files/use-signed-file';
import './online-people-panel.css';

export function OnlinePeoplePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const realtime = useRealtime();
  // Asked for on every opening; a systemMessage (someone came or went) refetches it while open.
  const friends = useQuery({
    queryKey: presenceKeys.onlineFriends(),
    queryFn: () =>
      realtime.getOnlineFriends().catch((error: unknown) => {
        // Realtime failures are only logged (spec §8).
        console.warn('[realtime] getOnlinefriend failed', error);
        return [] as OnlineFriend[];
      }),
    enabled: open,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const people = friends.data ?? null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={300}
      className="online-people-panel"
      title={
        <span>
          {notificationText('onlineTitle')}
          {people ? people.length : ''}
        </span>
      }
    >
      {people === null ? (
        <Spin />
      ) : people.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notificationText('nobodyOnline')} />
      ) : (
        <ul className="online-people" aria-label={notificationText('onlineTitle')}>
          {people.map((person) => (
            <OnlinePerson key={person.UserID} person={person} />
          ))}
        </ul>
      )}
    </Drawer>
  );
}

function OnlinePerson({ person }: { person: OnlineFriend }) {
  const src = useSignedFile(person.header || '');
  return (
    <li className="online-person">
      <Avatar size="small" src={src} icon={<UserOutlined />} />
      <span>{person.NickName}</span>
    </li>
  );
}

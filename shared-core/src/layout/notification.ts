import type { NotificationRow } from '@portal/shared-contract';

/** One row of `api/notification/index`, or the notification a notify push carries (spec §7), which may leave out what it is about. */
export type PortalNotification = Pick<NotificationRow, 'id' | 'cont' | 'addtime'> & Partial<Pick<NotificationRow, 'kind' | 'modelType' | 'modelId'>>;

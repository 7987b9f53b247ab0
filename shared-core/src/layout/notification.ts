/** One row of `api/notification/index`, or the notification a notify push carries (spec §7). */
export type PortalNotification = {
  id: number;
  cont: string;
  addtime: string;
  kind?: string;
  modelType?: number | string | null;
  modelId?: number | string | null;
};

/** Timing and size limits of spec §9. */
export const HTTP_TIMEOUT_MS = 15000;
export const REALTIME_RECONNECT_MS = 5000;

/** Most lists: 10/50/100, default 10. */
export const PAGE_SIZES = [10, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Larger lists: 20/50/100/200, default 20. */
export const LARGE_PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_LARGE_PAGE_SIZE = 20;

export const ALBUM_PAGE_SIZE = 20;
export const OPERATION_LOG_PAGE_SIZE = 10;
export const CUSTOMER_FOLLOW_UP_PAGE_SIZE = 10000;
export const NOTIFICATION_PAGE_SIZE = 10;
export const USER_PICKER_PAGE_SIZE = 20;

/** Comments, follow-ups, approval comments and handling results. */
export const TEXT_MAX = 300;
/** Approval CC: at most 5 people. */
export const CC_MAX = 5;
/** Uploads are single-file unless a field says otherwise. */
export const FILE_MAX_DEFAULT = 1;

/** Customer quick filters: entered in the last 7, 30 or 90 days. */
export const CUSTOMER_QUICK_DAYS = [7, 30, 90] as const;

export const DEFAULT_SORT_ORDER = 'desc';
export const DEFAULT_DATA_TYPE = 'all';

/** Widths in px (spec §9). */
export const WIDTHS = {
  approvalPanel: 920,
  userPickerPopover: 720,
  formPanel: 800,
  formLabel: 100,
  treePopover: 550,
  treePopoverHeight: 380,
  pictureThumbMax: 40,
} as const;
export const PICTURE_GRID_COLUMNS = 4;

/** Pages narrower than this are scaled as if SCALE_DESIGN_WIDTH wide (spec §1). */
export const SCALE_BELOW_WIDTH = 1000;
export const SCALE_DESIGN_WIDTH = 1280;

export const DEFAULT_WAREHOUSE = { id: 0, name: '默认仓库' } as const;
export const EDITOR_DEFAULT_HEIGHT = 360;

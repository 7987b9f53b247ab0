/** Public API of @portal/shared-core: explicit re-exports, so every name shows where it lives. */

// Contracts
export {
  AREA_KEYS,
  REMOTE_AREAS,
  ACTION_KEYS,
  emptyPermissionTree,
  hasPermission,
  hasAnyInArea,
  hasAction,
  actionEntry,
  parseActionEntry,
  pageEntries,
} from './contract/permissions';
export type { AreaKey, RemoteArea, PermissionTree, RoutePermission, ActionKey } from './contract/permissions';
export type { LazyPage, PageProps, BadgeKey, RemoteRoute, RemoteRoutesModule, RouteAction } from './contract/routes';

// API client
export { api, createApiClient, setApiBaseUrl, getApiBaseUrl } from './api/api-client';
export type { ApiClient, ApiClientOptions, CallOptions } from './api/api-client';
export { ApiError, isApiError, isEnvelope, isListReply } from './api/reply';
export type { Reply, ReplyResult, ListReply, ApiErrorKind } from './api/reply';
export { encodeForm } from './api/form-encode';
export type { RequestData } from './api/form-encode';
export { setNotifier, getNotifier } from './api/notifier';
export type { Notifier, ModalOptions } from './api/notifier';
export { forceLogout, setNavigator, isForcedLogoutPending, LOGIN_PATH } from './api/forced-logout';

// Session and language
export { useSessionStore, getSessionToken, isLoggedIn, SESSION_STORAGE_KEY } from './session/session-store';
export type { SessionState, SessionUser, LoginData } from './session/session-store';
export { useActionRight, useActionRights } from './session/use-action-right';
export { useLanguageStore, getLanguage, localize, setPageReloader, LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './session/language-store';
export type { Language, LocalizedText } from './session/language-store';

// Layout state shared by the shell and pages
export { useTabsStore, canCloseTab, TABS_STORAGE_KEY } from './layout/tabs-store';
export type { PageTab } from './layout/tabs-store';
export { useRealtimeStatus } from './layout/realtime-status-store';
export type { PortalNotification } from './layout/notification';
export { useSlidePanel, useSlidePanelStore } from './layout/slide-panel';
export type { SlidePanelContent } from './layout/slide-panel';

// Client data (TanStack Query): the client's defaults, cross-area query keys, invalidation rules
export { createPortalQueryClient, clearQueriesOnSessionChange, shouldRetry, QUERY_STALE_MS } from './query/query-client';
export {
  endpointKey,
  customerKeys,
  contractKeys,
  notificationKeys,
  presenceKeys,
  fileKeys,
  approvalKeys,
  flowKeys,
  expenseKeys,
  intakeKeys,
  organisationKeys,
} from './query/query-keys';
export { staleQueriesOf, applyDataChange } from './query/data-changes';
export type { DataChange, StaleQueries } from './query/data-changes';
export { useDataChange } from './query/use-data-change';

// Routing
export { buildRoutesAndMenus, joinPath } from './routing/build-routes';
export type { BuiltRoute, MenuItem, AreaMenu, RoutesAndMenus, BuildOptions } from './routing/build-routes';

// Formatters
export { formatFileSize } from './format/file-size';
export { formatRelativeTime } from './format/relative-time';
export { formatDate, formatDateTime, formatDateRange, DATE_FORMAT, DATETIME_FORMAT, DATE_RANGE_FORMAT, RANGE_START_TIME, RANGE_END_TIME } from './format/dates';
export { dayjs } from './format/dayjs-setup';
export type { DateInput } from './format/dayjs-setup';

// Business constants
export {
  HTTP_TIMEOUT_MS,
  REALTIME_RECONNECT_MS,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  LARGE_PAGE_SIZES,
  DEFAULT_LARGE_PAGE_SIZE,
  ALBUM_PAGE_SIZE,
  OPERATION_LOG_PAGE_SIZE,
  CUSTOMER_FOLLOW_UP_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZE,
  USER_PICKER_PAGE_SIZE,
  TEXT_MAX,
  CC_MAX,
  FILE_MAX_DEFAULT,
  CUSTOMER_QUICK_DAYS,
  DEFAULT_SORT_ORDER,
  DEFAULT_DATA_TYPE,
  WIDTHS,
  PICTURE_GRID_COLUMNS,
  SCALE_BELOW_WIDTH,
  SCALE_DESIGN_WIDTH,
  DEFAULT_WAREHOUSE,
  EDITOR_DEFAULT_HEIGHT,
} from './constants/limits';
export {
  APPROVAL_STATUS,
  APPROVAL_STATUS_LABELS,
  STEP_STATUS,
  FOLLOW_UP_CHANNELS,
  followUpChannelLabel,
  MODEL_TYPE,
  EXPENSE_TYPE,
  SCHEDULE_TYPE,
  QUIT_STATUS,
  quitStatusLabel,
  CLUE_DEAL_DONE,
  clueLabel,
  BRANCH_ATTRIBUTE_DEPARTMENT,
} from './constants/status';
export type { ApprovalStatus, StepStatus, FollowUpChannel, ModelType, ExpenseType } from './constants/status';
export { MESSAGES, LOGIN_REQUIRED_MARKER, APP_TITLE } from './constants/messages';

// Module Federation
export { recordSharedInstances, sharesSingleInstances } from './mf/shared-instances';
export type { SharedInstanceRecord } from './mf/shared-instances';

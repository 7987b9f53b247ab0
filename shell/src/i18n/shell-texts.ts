/** The shell's own interface texts in both languages (route titles come from the route tables). */
import { localize, type LocalizedText, type RemoteArea } from '@portal/shared-core';

export const SHELL_TEXTS = {
  appTitle: { cn: '销售管理系统', en: 'Sales Management System' },
  login: { cn: '登录', en: 'Log in' },
  username: { cn: '用户名', en: 'User name' },
  password: { cn: '密码', en: 'Password' },
  usernameRequired: { cn: '请输入用户名', en: '请输入用户名' },
  passwordRequired: { cn: '请输入密码', en: '请输入密码' },
  personalSettings: { cn: '个人设置', en: 'Personal settings' },
  avatar: { cn: '头像管理', en: 'Avatar' },
  logout: { cn: '退出登录', en: 'Log out' },
  onlineCount: { cn: '在线人数', en: 'Online' },
  online: { cn: '在线', en: 'Online' },
  offline: { cn: '离线', en: 'Offline' },
  language: { cn: '语言', en: 'Language' },
  newWorkflow: { cn: '新建流程', en: 'New workflow' },
  areaUnavailableTip: { cn: '该模块暂时不可用', en: '该模块暂时不可用' },
  areaUnavailableTitle: { cn: '该模块暂时无法加载', en: '该模块暂时无法加载' },
  retry: { cn: '重试', en: 'Retry' },
  notFound: { cn: '页面不存在或没有访问权限', en: 'Page not found or not permitted' },
  backHome: { cn: '返回首页', en: 'Back to home' },
  pageNotReady: { cn: '该页面暂未开放', en: 'This page is not available yet' },
  pageLoadFailed: { cn: '页面加载失败', en: 'The page failed to load' },
  reload: { cn: '重新加载', en: 'Reload' },
  noArea: { cn: '暂无可用模块', en: 'No module available' },
} satisfies Record<string, LocalizedText>;

export type ShellTextKey = keyof typeof SHELL_TEXTS;

export function text(key: ShellTextKey): string {
  return localize(SHELL_TEXTS[key]);
}

/** Top-level navigation labels (spec §2.3). */
export const AREA_LABELS: Record<RemoteArea, LocalizedText> = {
  crm: { cn: '客户', en: 'Customers' },
  oa: { cn: '审批', en: 'Approvals' },
  bi: { cn: '统计', en: 'Statistics' },
  system: { cn: '设置', en: 'Settings' },
};

/** Titles of the shell's own routes. */
export const SHELL_ROUTE_TITLES: Record<string, LocalizedText> = {
  '/person/index': SHELL_TEXTS.personalSettings,
  '/person/avatar': SHELL_TEXTS.avatar,
};

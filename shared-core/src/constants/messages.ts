/** The spec's user-facing Chinese texts (§5, §8), named once. */
export const MESSAGES = {
  required: '信息必须填写',
  selectRequired: '请选择',
  productRequired: '请添加产品',
  productPick: '请选择产品',
  pictureRequired: '请上传图片',
  fileRequired: '请上传附件',
  productDuplicate: '该产品已存在',
  branchNotDepartment: '部门不能为上级节点',
  unknownControl: '未知控件类型',
  customerRequired: '请选择客户！',
  advisorRequired: '请选择顾问！',

  confirmDeleteFile: '确定删除此文件吗?',
  confirmDelete: '确定要删除吗？',
  confirmBulk: '确定执行此操作, 是否继续?',
  confirmLogout: '此操作将退出系统, 是否继续?',

  networkFailed: '网络请求失败，请稍候再试',
  responseFailed: '响应失败',
  customFieldsFailed: '获取自定义失败',
  logoutNetworkFailed: '服务端响应失败',
  userInfoFailed: '获取用户信息失败',
  followUpFailed: '跟进失败！',
  callFailed: '呼叫失败！',
  callSucceeded: '呼叫成功！',
  assignFailed: '分配失败',
  uploadFailed: '上传失败',
  deleted: '删除成功',
  fileMissing: '文件不存在',
  imageLoadFailed: '加载失败',

  forcedLogoutTitle: '确定登出',
  forcedLogoutContent: '你已被登出，请重新登录',
  forcedLogoutOk: '重新登录',

  nextFollowUpPast: '下次跟进时间不能早于当前时间',
  /** Beside a 下次跟进时间 that has passed. */
  overdue: '已逾期',

  read: '已查阅',
  unread: '未查阅',
  empty: '-',
} as const;

/** A reply msg containing this means the login is missing or expired (spec §8). */
export const LOGIN_REQUIRED_MARKER = '登陆';

export const APP_TITLE = '销售管理系统';

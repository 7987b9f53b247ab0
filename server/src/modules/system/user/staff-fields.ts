/** The input fields of a staff member (api/user/add and edit), shared with the staff import's row check. */
import { Id, Integer, MAX_ID, RequiredText, Text } from '../../../http/input-fields';

export const USERNAME_PATTERN = '^[A-Za-z0-9_.@-]+$';
export const MOBILE_PATTERN = '^(1[3-9][0-9]{9})?$';
export const EMAIL_PATTERN = '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$';

export const StaffFields = {
  username: RequiredText('账号', 50, { pattern: USERNAME_PATTERN, messages: { invalid: '账号只能包含字母、数字和 _ . @ -' } }),
  nickName: RequiredText('姓名', 50),
  mobile: Text('手机号', 20, { pattern: MOBILE_PATTERN, messages: { invalid: '手机号格式不正确' } }),
  email: Text('邮箱', 100, { pattern: EMAIL_PATTERN, messages: { invalid: '邮箱格式不正确' } }),
  branchId: Id('部门', { messages: { missing: '请选择部门', invalid: '请选择部门' } }),
  roleId: Id('角色', { messages: { missing: '请选择角色', invalid: '请选择角色' } }),
  superiorId: Integer('上级', { min: 0, max: MAX_ID, fallback: 0 }),
  jobTitle: Text('职位', 50),
  header: Text('头像', 300),
};

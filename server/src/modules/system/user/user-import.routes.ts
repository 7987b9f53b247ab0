/**
 * 员工管理 › 批量导入 (.xlsx): the template here, preview → dry run → rejected rows → import through the
 * shared import calls (shared/batch/import-routes.ts). Every call needs the right of 新建员工 (system
 * `user:create`, as api/user/add).
 */
import { StaffImportRunReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { Fields } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { registerImportRoutes } from '../../shared/batch/import-routes';
import { openTempFiles } from '../../shared/batch/temp-files';
import { sendXlsx, writeXlsx } from '../../shared/batch/xlsx-write';
import { loadBranchIndex } from '../branch/branch-index';
import { createStaffImport, STAFF_IMPORT_FIELDS, STAFF_IMPORT_MAX_ROWS } from './user-import';

/** The same right as api/user/add. */
export const IMPORT_STAFF = can('system', 'user:create');

/** The template's example row: a real department path and a role that is not 超级管理员. */
async function templateExample(ctx: AppContext): Promise<string[]> {
  const [branches, role] = await Promise.all([
    loadBranchIndex(ctx.db),
    ctx.db.selectFrom('roles').select('name').where('built_in', '<>', 1).orderBy('id').executeTakeFirst(),
  ]);
  const leaf = branches.branches.find((b) => b.parent_id !== null && branches.childrenOf(b.id).length === 0);
  const path = leaf ? [branches.get(leaf.parent_id)?.name, leaf.name].filter(Boolean) : [];
  return ['zhangsan', '张三', '13800138000', 'zhangsan@example.com', path.join('/'), role?.name ?? '', '', '销售代表', '在职', ''];
}

export function registerUserImportRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const temp = openTempFiles(app, ctx.config);
  const imports = createStaffImport(ctx, temp);

  registerImportRoutes(app, resolve, {
    base: '/api/user/',
    tag: 'system',
    access: IMPORT_STAFF,
    imports,
    temp,
    docs: {
      preview: {
        summary: `导入员工：上传 .xlsx（最多${STAFF_IMPORT_MAX_ROWS}行），返回表头、样例行和建议的字段对应关系（不写入数据）`,
        description: '返回的 token 含解密临时文件的密钥（文件中的初始密码只以密文存放在服务器上），后续调用原样传回。',
      },
      dryRun: {
        summary: '导入员工：按字段对应关系检查每一行（不写入），列出未通过的行（行号和原因）',
        description:
          '账号必填、格式同新建员工、在文件和系统中唯一；部门按名称或路径（如 总部/销售一部）；角色按名称（超级管理员只能由超级管理员授予）；' +
          '上级按账号或姓名，可以是已有在职员工或文件中的另一行；状态 在职/离职（默认在职）；初始密码须符合基础设置的密码规则，留空则生成。' +
          '未通过的行中初始密码一列不回传。',
      },
      rejected: { summary: '导入员工：下载上次检查未通过的行（.xlsx，初始密码一列留空）' },
      run: { summary: '导入员工：在一个事务中写入全部有效行；生成的初始密码只在这次回答中出现（passwords）' },
    },
    rejectedFileName: '未通过的员工数据.xlsx',
    done: (result) => `成功导入${result.imported}名员工`,
    noStore: true,
    runReply: StaffImportRunReply,
  });

  mountRoutes(app, resolve, [
    defineRoute({
      method: 'GET',
      url: '/api/user/ImportTemplate',
      summary: '导入员工：下载模板（.xlsx：各列标题和一行示例）',
      tag: 'system',
      access: IMPORT_STAFF,
      record: 'none',
      input: Fields({}),
      handler: async ({ reply }) => {
        const example = await templateExample(ctx);
        const file = temp.fileOf('template-staff', temp.newToken(), '.xlsx');
        await writeXlsx(
          file,
          '员工',
          STAFF_IMPORT_FIELDS.map((f) => (f.required ? `${f.title}*` : f.title)),
          async (addRow) => addRow(example),
        );
        return sendXlsx(reply, file, '员工导入模板.xlsx', () => temp.remove(file));
      },
    }),
  ]);
}

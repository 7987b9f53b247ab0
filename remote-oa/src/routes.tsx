/**
 * The oa area's route table (spec §2.2), the only module this remote exposes. Pages load lazily, so
 * the shell gets the whole table (for menus and permissions) without any page code.
 */
import * as React from 'react';
import * as reactQuery from '@tanstack/react-query';
import * as antd from 'antd';
import { recordSharedInstances, type RemoteRoutesModule } from '@portal/shared-core';
import { routeTable } from '@portal/shared-ui/route-table';

recordSharedInstances('oa', { React, antd, reactQuery });

const { page, group } = routeTable('oa');

const routesModule: RemoteRoutesModule = {
  area: 'oa',
  title: { cn: '审批', en: 'Approvals' },
  routes: [
    group(
      'approval',
      { cn: '审批', en: 'Approvals' },
      [
        page('todo', 'approval/todo', { cn: '待我审批', en: 'Pending my approval' }, { page: () => import('./features/approval/pages/todo-page') }),
        page(
          'approvaled',
          'approval/approvaled',
          { cn: '我已审批', en: 'Approved by me' },
          { page: () => import('./features/approval/pages/approvaled-page') },
        ),
        page('mySubmit', 'approval/mySubmit', { cn: '我发起的', en: 'Submitted by me' }, { page: () => import('./features/approval/pages/my-submit-page') }),
        page('Cc', 'approval/Cc', { cn: '抄送我的', en: 'Copied to me' }, { page: () => import('./features/approval/pages/cc-page') }),
        page('sub', 'approval/sub', { cn: '下属审批', en: "Subordinates' approvals" }, { page: () => import('./features/approval/pages/sub-page') }),
        page('all', 'approval/all', { cn: '全部审批', en: 'All approvals' }, { page: () => import('./features/approval/pages/all-page') }),
        page('logs', 'approval/logs', { cn: '审批意见', en: 'Approval comments' }, { page: () => import('./features/approval/pages/logs-page') }),
        page(
          'approval',
          'approval/approval',
          { cn: '审批统计', en: 'Approval statistics' },
          { page: () => import('./features/approval/pages/statistics-page') },
        ),
      ],
      { icon: 'AuditOutlined' },
    ),
    page(
      'createApproval',
      'createApproval',
      { cn: '新建流程', en: 'New workflow' },
      { hidden: true, page: () => import('./features/approval/pages/create-approval-page') },
    ),
    page(
      'flow',
      'flow',
      { cn: '流程设置', en: 'Flow settings' },
      {
        icon: 'ApartmentOutlined',
        actions: [
          { key: 'create', title: '新建' },
          { key: 'edit', title: '编辑' },
          { key: 'delete', title: '删除' },
        ],
        page: () => import('./features/flow/pages/flow-list-page'),
      },
    ),
    page(
      'flow/view/:id',
      'flow/view/:id',
      { cn: '流程查看', en: 'View flow' },
      { hidden: true, page: () => import('./features/flow/pages/flow-designer-page') },
    ),
  ],
};

export default routesModule;

/**
 * The system area's route table (spec §2.2), the only module this remote exposes. Pages load
 * lazily; a page without one is still the "not yet available" page.
 */
import * as React from 'react';
import * as reactQuery from '@tanstack/react-query';
import * as antd from 'antd';
import { recordSharedInstances, type RemoteRoutesModule } from '@portal/shared-core';
import { routeTable } from '@portal/shared-ui/route-table';

recordSharedInstances('system', { React, antd, reactQuery });

const { page } = routeTable('system');

const CREATE = { key: 'create', title: '新建' } as const;
const EDIT = { key: 'edit', title: '编辑' } as const;
const DELETE = { key: 'delete', title: '删除' } as const;

const routesModule: RemoteRoutesModule = {
  area: 'system',
  title: { cn: '系统设置', en: 'Settings' },
  routes: [
    page(
      'role',
      'role',
      { cn: '角色管理', en: 'Roles' },
      {
        icon: 'SafetyOutlined',
        page: () => import('./features/role/pages/role-list-page'),
        actions: [CREATE, EDIT, DELETE],
      },
    ),
    page(
      'user',
      'user',
      { cn: '员工管理', en: 'Staff' },
      {
        icon: 'UserOutlined',
        page: () => import('./features/staff/pages/staff-list-page'),
        actions: [CREATE, EDIT, DELETE],
      },
    ),
    page(
      'branch',
      'branch',
      { cn: '部门管理', en: 'Departments' },
      {
        icon: 'ApartmentOutlined',
        page: () => import('./features/department/pages/department-page'),
        actions: [CREATE, EDIT, DELETE],
      },
    ),
    page(
      'status',
      'status',
      { cn: '数据字典', en: 'Data dictionary' },
      {
        icon: 'BookOutlined',
        page: () => import('./features/dictionary/pages/dictionary-page'),
        actions: [CREATE, EDIT, DELETE],
      },
    ),
    page(
      'basic',
      'basic',
      { cn: '基础设置', en: 'Basic settings' },
      {
        icon: 'SettingOutlined',
        page: () => import('./features/basic-settings/pages/basic-settings-page'),
        actions: [EDIT],
      },
    ),
    page(
      'Loglos',
      'Loglos',
      { cn: '登录记录', en: 'Login records' },
      {
        icon: 'HistoryOutlined',
        page: () => import('./features/login-records/pages/login-records-page'),
      },
    ),
    page(
      'customForm',
      'customForm',
      { cn: '自定义表单', en: 'Custom forms' },
      {
        icon: 'FormOutlined',
        page: () => import('./features/custom-form/pages/custom-form-list-page'),
      },
    ),
    page(
      'customForm/view/:module/:type/:id',
      'customForm/view/:module/:type/:id',
      { cn: '自定义表单查看', en: 'View custom form' },
      {
        hidden: true,
        page: () => import('./custom-form-view-page'),
      },
    ),
    page(
      'workForm',
      'workForm',
      { cn: '工作流表单', en: 'Workflow forms' },
      {
        icon: 'ProfileOutlined',
        page: () => import('./features/custom-form/pages/work-form-list-page'),
      },
    ),
    page(
      'workForm/view/:module/:type/:id',
      'workForm/view/:module/:type/:id',
      { cn: '工作流表单查看', en: 'View workflow form' },
      {
        hidden: true,
        page: () => import('./features/form-designer/pages/work-form-view-page'),
      },
    ),
    page(
      'release',
      'release',
      { cn: '版本管理', en: 'Releases' },
      {
        icon: 'DeploymentUnitOutlined',
        page: () => import('./features/releases/pages/releases-page'),
      },
    ),
  ],
};

export default routesModule;

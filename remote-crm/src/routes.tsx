/**
 * The crm area's route table (spec §2.2), the only module this remote exposes. Pages load lazily,
 * so the shell gets the whole table (for menus and permissions) without any page code.
 */
import * as React from 'react';
import * as reactQuery from '@tanstack/react-query';
import * as antd from 'antd';
import { recordSharedInstances, type RemoteRoutesModule } from '@portal/shared-core';
import { routeTable } from '@portal/shared-ui/route-table';

recordSharedInstances('crm', { React, antd, reactQuery });

const { page, group } = routeTable('crm');

const routesModule: RemoteRoutesModule = {
  area: 'crm',
  title: { cn: '客户', en: 'Customers' },
  routes: [
    page(
      'index',
      'index',
      { cn: '工作台', en: 'Workbench' },
      {
        icon: 'DashboardOutlined',
        page: () => import('./features/workbench/workbench-page'),
      },
    ),
    group(
      'customer',
      { cn: '客户管理', en: 'Customer management' },
      [
        page(
          'watched',
          'customer/watched',
          { cn: '我的客户', en: 'My customers' },
          {
            badge: 'myCustomers',
            actions: [
              { key: 'create', title: '新建' },
              { key: 'edit', title: '编辑' },
              { key: 'delete', title: '删除' },
              { key: 'import', title: '批量导入' },
              { key: 'export', title: '批量导出' },
              { key: 'assign', title: '分配' },
              { key: 'transfer', title: '转移' },
              { key: 'pool', title: '放入公海' },
              { key: 'blacklist', title: '加入黑名单' },
            ],
            page: () => import('./features/customer/pages/watched-customers-page'),
            children: [page(':id', 'customer/watched/:id', { cn: '新建申请', en: 'New application' }, { hidden: true })],
          },
        ),
        page(
          'zaifenpei',
          'customer/zaifenpei',
          { cn: '再分配客户', en: 'Reassigned customers' },
          {
            badge: 'reassigned',
            actions: [
              { key: 'transfer', title: '转移' },
              { key: 'pool', title: '放入公海' },
            ],
            page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('zaifenpei')),
            children: [page(':id', 'customer/zaifenpei/:id', { cn: '再分配客户详情', en: 'Reassigned customer' }, { hidden: true })],
          },
        ),
        page(
          'nodispose',
          'customer/nodispose',
          { cn: '未处理客户', en: 'Untreated customers' },
          { page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('nodispose')) },
        ),
        page(
          'total',
          'customer/total',
          { cn: '公海客户', en: 'Public pool' },
          {
            actions: [
              { key: 'receive', title: '领取' },
              { key: 'assign', title: '分配' },
            ],
            page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('total')),
          },
        ),
        page(
          'daifenpei',
          'customer/daifenpei',
          { cn: '待分配客户', en: 'Customers awaiting assignment' },
          {
            actions: [{ key: 'assign', title: '分配' }],
            page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('daifenpei')),
          },
        ),
        page(
          'teamkehu',
          'customer/teamkehu',
          { cn: '团队客户', en: 'Team customers' },
          {
            actions: [
              { key: 'assign', title: '分配' },
              { key: 'transfer', title: '转移' },
              { key: 'pool', title: '放入公海' },
            ],
            page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('teamkehu')),
          },
        ),
        page(
          'search',
          'customer/search',
          { cn: '客户查询', en: 'Find customers' },
          { public: true, page: () => import('./features/customer/pages/customer-search-page') },
        ),
        page(
          'fangke',
          'customer/fangke',
          { cn: '访客登记', en: 'Visitor registration' },
          {
            actions: [
              { key: 'create', title: '登记' },
              { key: 'edit', title: '转为客户' },
              { key: 'delete', title: '删除' },
            ],
            page: () => import('./features/visitor/visitors-page'),
          },
        ),
        page(
          'lizhi',
          'customer/lizhi',
          { cn: '离职员工客户', en: 'Customers of departed staff' },
          {
            actions: [
              { key: 'assign', title: '分配' },
              { key: 'pool', title: '放入公海' },
            ],
            page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('lizhi')),
          },
        ),
        page(
          'black',
          'customer/black',
          { cn: '黑名单客户', en: 'Blacklisted customers' },
          {
            actions: [{ key: 'delete', title: '移出黑名单' }],
            page: () => import('./features/customer/pages/customer-view-page').then((m) => m.pageOf('black')),
          },
        ),
        page('form', 'customer/form', { cn: '客户信息表单', en: 'Customer info form' }, { hidden: true }),
      ],
      { icon: 'TeamOutlined' },
    ),
    group(
      'report',
      { cn: '报表', en: 'Reports' },
      [
        page('call', 'report/call', { cn: '通话记录', en: 'Call records' }),
        page('callTongji', 'report/callTongji', { cn: '通话统计', en: 'Call statistics' }),
        page('Briefing', 'report/Briefing', { cn: '工作简报', en: 'Work briefing' }),
        page('daydata', 'report/daydata', { cn: '客户数据统计', en: 'Customer data statistics' }),
        page('total2', 'report/total2', { cn: '综合排名', en: 'Overall ranking' }),
        page('resultrank', 'report/resultrank', { cn: '业绩排名', en: 'Performance ranking' }),
        page('resulmx', 'report/resulmx', { cn: '业绩明细排名', en: 'Performance detail ranking' }),
        page('fangke', 'report/fangke', { cn: '访客统计', en: 'Visitor statistics' }),
      ],
      { icon: 'BarChartOutlined' },
    ),
    group(
      'usergkset',
      { cn: '接口配置', en: 'Interface config' },
      [
        page('userset', 'usergkset/userset', { cn: '接口配置管理', en: 'Interface config management' }),
        page('teamreport', 'usergkset/teamreport', { cn: '指标管理', en: 'Quota management' }),
        page('userAuto', 'usergkset/userAuto', { cn: '员工列表', en: 'Staff list' }),
        page('daydata', 'usergkset/daydata', { cn: '接口数据报表', en: 'Interface data report' }),
      ],
      { icon: 'ApiOutlined' },
    ),
    group(
      'signorentry',
      { cn: '合同/进件', en: 'Contracts and intake' },
      [
        page('sign', 'signorentry/sign', { cn: '合同管理', en: 'Contracts' }),
        page(
          'entry',
          'signorentry/entry',
          { cn: '进件管理', en: 'Intake records' },
          {
            actions: [{ key: 'create', title: '新建' }],
            page: () => import('./features/intake/pages/intake-list-page'),
            children: [
              page(
                ':id',
                'signorentry/entry/:id',
                { cn: '新建进件', en: 'New intake' },
                { hidden: true, page: () => import('./features/intake/pages/intake-new-page') },
              ),
            ],
          },
        ),
        page('sigeshenpi', 'signorentry/sigeshenpi', { cn: '合同审核', en: 'Contract review' }),
        page(
          'entryshenpi',
          'signorentry/entryshenpi',
          { cn: '进件审核', en: 'Intake review' },
          {
            page: () => import('./features/intake/pages/intake-review-page'),
          },
        ),
      ],
      { icon: 'FileTextOutlined' },
    ),
  ],
};

export default routesModule;

/**
 * The bi area's route table (spec §2.2), the only module this remote exposes. Every page is still
 * the "not yet available" page; later builds fill them.
 */
import * as React from 'react';
import * as reactQuery from '@tanstack/react-query';
import * as antd from 'antd';
import { recordSharedInstances, type RemoteRoutesModule } from '@portal/shared-core';
import { routeTable } from '@portal/shared-ui/route-table';

recordSharedInstances('bi', { React, antd, reactQuery });

const { page, group } = routeTable('bi');

const routesModule: RemoteRoutesModule = {
  area: 'bi',
  title: { cn: '统计分析', en: 'Analytics' },
  routes: [
    group(
      'customer',
      { cn: '客户统计', en: 'Customer statistics' },
      [
        page('count', 'customer/count', { cn: '客户数量统计', en: 'Customer count statistics' }),
        page('customerTotal', 'customer/customerTotal', { cn: '员工业绩', en: 'Staff performance' }),
      ],
      { icon: 'PieChartOutlined' },
    ),
    group(
      'attendance',
      { cn: '考勤统计', en: 'Attendance' },
      [
        page('total', 'attendance/total', { cn: '考勤日历', en: 'Attendance calendar' }),
        page('attendreport', 'attendance/attendreport', { cn: '考勤报表', en: 'Attendance report' }),
      ],
      { icon: 'CalendarOutlined' },
    ),
    page('customerRank', 'customerRank', { cn: '客户排名', en: 'Customer ranking' }, { icon: 'TrophyOutlined' }),
    page('financeTotal', 'financeTotal', { cn: '财务收款统计', en: 'Finance receipts statistics' }, { icon: 'AccountBookOutlined' }),
    page('financePayment', 'financePayment', { cn: '财务支出统计', en: 'Finance expense statistics' }, { icon: 'PayCircleOutlined' }),
  ],
};

export default routesModule;

import type { Rng } from './prng';

/** Word pools for realistic Chinese companies, people, addresses and follow-up notes. */
export const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '高', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹'];
export const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英', '建华', '晓东', '志强', '海燕', '丹', '鹏', '慧', '婷', '宇', '浩然', '子涵', '欣怡', '思远', '文博'];
export const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '南京', '苏州', '成都', '武汉', '西安', '重庆', '天津', '宁波', '无锡', '合肥', '长沙', '郑州', '济南', '青岛', '厦门', '福州', '东莞', '佛山', '昆明'];
const DISTRICTS = ['高新区', '经济开发区', '滨江区', '浦东新区', '天河区', '南山区', '江宁区', '工业园区', '武侯区', '雁塔区', '江北区', '西湖区', '鼓楼区', '朝阳区', '海淀区'];
const ROADS = ['文一西路', '科技大道', '建设路', '人民路', '解放路', '中山路', '长江路', '黄河路', '创业路', '金融街', '新华路', '学院路', '东风路', '和平路'];
const BRAND_WORDS = ['华信', '恒达', '鼎盛', '宏远', '金辉', '瑞丰', '天成', '博创', '中科', '正泰', '新鸿', '嘉禾', '卓越', '润邦', '盛世', '东方', '永兴', '联创', '智远', '海纳', '融通', '华美', '德润', '凯旋', '远航', '锦程', '启明', '安泰', '泰和', '佳信', '众诚', '星河', '蓝海', '信达', '银河', '万通'];

/** Industry → words that go with it in a company name. */
export const INDUSTRIES: readonly { name: string; words: readonly string[] }[] = [
  { name: '信息技术', words: ['科技', '软件', '网络科技', '信息技术', '数据科技', '智能科技'] },
  { name: '制造业', words: ['机械', '电子', '新材料', '精密制造', '自动化设备', '五金制品'] },
  { name: '批发零售', words: ['商贸', '贸易', '百货', '供应链', '电子商务'] },
  { name: '建筑工程', words: ['建设工程', '建筑装饰', '工程技术', '市政工程'] },
  { name: '医疗健康', words: ['医疗器械', '生物科技', '医药', '健康管理'] },
  { name: '教育培训', words: ['教育科技', '职业培训', '文化教育'] },
  { name: '金融服务', words: ['投资管理', '融资租赁', '资产管理'] },
  { name: '物流运输', words: ['物流', '供应链管理', '国际货运'] },
  { name: '餐饮服务', words: ['餐饮管理', '食品', '酒店管理'] },
  { name: '文化传媒', words: ['文化传媒', '广告', '影视传媒'] },
  { name: '房地产', words: ['置业', '房地产开发', '物业管理'] },
  { name: '农业', words: ['农业科技', '生态农业', '农产品'] },
];
const COMPANY_TYPES = ['有限公司', '有限公司', '有限公司', '股份有限公司', '集团有限公司'];
export const JOB_TITLES = ['总经理', '采购经理', '技术总监', '行政主管', '财务经理', '副总经理', '项目经理', '市场总监', '董事长'];
export const FOLLOWUP_NOTES = [
  '电话沟通了产品需求，客户对价格比较敏感',
  '已发送报价单，等待客户内部审批',
  '上门拜访，演示了系统功能，客户反馈良好',
  '客户要求提供同行业案例，已整理发送',
  '微信跟进，约定下周二再次沟通',
  '客户预算尚未确定，下月初再联系',
  '对接了技术负责人，确认了对接方案',
  '发送了合同草稿，客户法务审核中',
  '客户表示暂时没有需求，保持联系',
  '参加了客户组织的招标说明会',
];

export function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN_NAMES);
}

export function mobile(rng: Rng): string {
  const prefix = rng.pick(['130', '131', '132', '135', '136', '137', '138', '139', '150', '151', '152', '157', '158', '159', '176', '177', '180', '181', '186', '187', '188', '189', '199']);
  return prefix + String(rng.int(0, 99_999_999)).padStart(8, '0');
}

export type CompanyProfile = { name: string; industry: string; address: string };

export function company(rng: Rng): CompanyProfile {
  const city = rng.pick(CITIES);
  const industry = rng.pick(INDUSTRIES);
  const name = `${city}${rng.pick(BRAND_WORDS)}${rng.pick(industry.words)}${rng.pick(COMPANY_TYPES)}`;
  const address = `${city}市${rng.pick(DISTRICTS)}${rng.pick(ROADS)}${rng.int(1, 999)}号`;
  return { name, industry: industry.name, address };
}

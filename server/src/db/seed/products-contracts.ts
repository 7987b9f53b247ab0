import type { Insertable } from 'kysely';
import { contractNumber } from '../../modules/crm/contract/contract.service';
import { yuanToFen } from '../../modules/erp/money';
import { shanghaiDateStamp } from '../../lib/time';
import type { DbOrTx } from '../database';
import type { ContractTable, ProductTable, StockTable } from '../schema';
import { createRng, type Rng } from './prng';

type Category = 'BG' | 'IT' | 'RJ' | 'FW';

/** [name, specification, unit, price in yuan, tax rate %] per category. */
type ProductSeed = readonly [string, string, string, number, number];

const CATALOGUE: Record<Category, readonly ProductSeed[]> = {
  // 办公设备
  BG: [
    ['联想ThinkCentre商用台式机', 'M920t i5/16G/512G', '台', 5299, 13],
    ['戴尔Latitude商务笔记本电脑', '5440 i7/16G/1T/14英寸', '台', 7899, 13],
    ['惠普黑白激光打印机', 'LaserJet Pro M404dn 双面/网络', '台', 2399, 13],
    ['佳能彩色激光多功能一体机', 'iR C3226 A3幅面', '台', 18800, 13],
    ['得力碎纸机', '9935 五级保密', '台', 699, 13],
    ['爱普生商务投影仪', 'CB-X50 3600流明', '台', 4299, 13],
    ['罗技无线键鼠套装', 'MK545', '套', 299, 13],
    ['飞利浦27英寸显示器', '272B1G 2K IPS', '台', 1599, 13],
    ['富士胶片A3数码复印机', 'Apeos 2560', '台', 15600, 13],
    ['海康威视门禁考勤一体机', 'DS-K1T673 人脸识别', '台', 1980, 13],
  ],
  // IT 硬件
  IT: [
    ['华为企业级千兆交换机', 'S5735-L24T4S 24口', '台', 3680, 13],
    ['H3C无线接入点', 'WA6320 Wi-Fi 6 吸顶式', '个', 1280, 13],
    ['深信服下一代防火墙', 'AF-1000-B1080', '台', 26800, 13],
    ['戴尔PowerEdge机架式服务器', 'R750 2U 双路', '台', 45800, 13],
    ['群晖网络存储NAS', 'DS923+ 4盘位', '台', 4899, 13],
    ['APC在线式不间断电源', 'SRV3KRI 3kVA', '台', 5600, 13],
    ['海康威视网络摄像机', 'DS-2CD3T46 400万像素', '个', 460, 13],
    ['TP-LINK企业级路由器', 'TL-ER6229G 多WAN口', '台', 1199, 13],
    ['超五类非屏蔽网线', '305米/箱', '箱', 520, 13],
    ['42U标准网络机柜', '600×1000×2000mm', '台', 2680, 13],
  ],
  // 软件
  RJ: [
    ['CRM客户管理系统标准版', '50用户 永久授权', '套', 39800, 13],
    ['OA协同办公系统', '100用户 永久授权', '套', 58000, 13],
    ['ERP进销存管理软件', '单组织 10站点', '套', 26800, 13],
    ['财务核算软件', '5用户 含总账报表', '套', 19800, 13],
    ['Microsoft 365商业标准版', '按用户 年度订阅', '年', 1050, 6],
    ['WPS Office专业版', '按用户 永久授权', '套', 398, 13],
    ['企业杀毒软件网络版', '50终端 年度订阅', '年', 6800, 6],
    ['电子签章系统', '含10枚电子印章', '套', 15000, 13],
    ['HR人力资源管理系统', '200人 永久授权', '套', 32000, 13],
    ['视频会议软件', '25方 年度订阅', '年', 8800, 6],
  ],
  // 服务
  FW: [
    ['CRM系统年度运维服务', '7×8小时 远程支持', '年', 7960, 6],
    ['OA系统二次开发服务', '按人天计费', '人天', 1800, 6],
    ['企业云服务器租用', '8核16G 200G SSD', '年', 6200, 6],
    ['网络安全等级保护测评', '等保二级', '次', 38000, 6],
    ['数据迁移与实施服务', '含数据清洗与校验', '次', 12000, 6],
    ['IT外包驻场服务', '1人 工作日驻场', '年', 96000, 6],
    ['综合布线施工', '按信息点计费', '个', 180, 9],
    ['机房建设工程', '含配电、精密空调', '套', 168000, 9],
    ['员工系统操作培训', '2天 现场培训', '次', 4800, 6],
    ['企业邮箱服务', '50账户 年度', '年', 5000, 6],
  ],
};

/** Tax classification codes (税收分类编码) by category and rate. */
function taxCode(category: Category, rate: number): string {
  if (rate === 9) return '3050100000000000000';
  if (rate === 6) return '3040201000000000000';
  return { BG: '1090511030000000000', IT: '1090512990000000000', RJ: '1060301010000000000', FW: '3040201000000000000' }[category];
}

/** Warehouses besides 默认仓库 (id 0, from migration 005). */
const WAREHOUSES = ['总部仓库', '华东仓库', '备品备件库'];

const CONTRACT_NOTES = ['', '', '', '分两期付款，首付50%', '含一年免费维保', '客户要求月底前交付', '框架协议下的首单', '已开具增值税专用发票'];

const DAY = 86400_000;

const isoDate = (at: Date): string => {
  const s = shanghaiDateStamp(at);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

type SeededProduct = { id: number; name: string; category: Category; priceFen: number };

async function seedProducts(db: DbOrTx, rng: Rng, nowMs: number): Promise<SeededProduct[]> {
  const out: SeededProduct[] = [];
  let order = 0;
  for (const category of Object.keys(CATALOGUE) as Category[]) {
    let seq = 1000;
    for (const [name, standard, unit, price, rate] of CATALOGUE[category]) {
      const values: Insertable<ProductTable> = {
        name,
        number: `${category}-${++seq}`,
        standard,
        unit,
        price_cents: yuanToFen(price),
        cost_price_cents: yuanToFen(Math.round(price * (0.55 + rng.next() * 0.25))),
        shuihao: taxCode(category, rate),
        shuilv: rate,
        cover: '',
        status: 1,
        created_at: new Date(nowMs - (400 - order++) * DAY).toISOString(),
      };
      const { id } = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
      out.push({ id, name, category, priceFen: values.price_cents as number });
    }
  }
  // A withdrawn model: kept for old contracts, hidden from the picker.
  await db
    .insertInto('products')
    .values({
      name: '惠普喷墨打印机（停产）',
      number: 'BG-0999',
      standard: 'DeskJet 2720',
      unit: '台',
      price_cents: yuanToFen(499),
      cost_price_cents: yuanToFen(350),
      shuihao: taxCode('BG', 13),
      shuilv: 13,
      cover: '',
      status: 0,
      created_at: new Date(nowMs - 500 * DAY).toISOString(),
    })
    .execute();
  return out;
}

/** Goods (office equipment, IT hardware) are stocked in 默认仓库 and some other warehouses; software and services are not. */
async function seedStock(db: DbOrTx, rng: Rng, products: SeededProduct[]): Promise<void> {
  const warehouseIds = [0];
  let order = 1;
  for (const name of WAREHOUSES) {
    warehouseIds.push((await db.insertInto('warehouses').values({ name, sort_order: order++ }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const stock: Insertable<StockTable>[] = [];
  for (const p of products) {
    if (p.category !== 'BG' && p.category !== 'IT') continue;
    for (const warehouseId of warehouseIds) {
      if (warehouseId !== 0 && !rng.chance(0.6)) continue;
      stock.push({ product_id: p.id, warehouse_id: warehouseId, quantity: rng.int(0, 120) });
    }
  }
  await db.insertInto('stock').values(stock).execute();
}

/** About 60 contracts for customers owned by sales staff, spread over the owners in turn. */
async function seedContracts(db: DbOrTx, rng: Rng, products: SeededProduct[], nowMs: number, count: number): Promise<void> {
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'customer_name', 'owner_id', 'branch_id', 'created_at'])
    .where('gonghai', '=', 0)
    .where('owner_id', 'is not', null)
    .orderBy('id')
    .execute();
  const byOwner = new Map<number, typeof customers>();
  for (const c of customers) byOwner.set(c.owner_id as number, [...(byOwner.get(c.owner_id as number) ?? []), c]);
  const owners = [...byOwner.keys()].sort((a, b) => a - b);
  if (owners.length === 0) return;

  for (let i = 0; i < count; i++) {
    const customer = rng.pick(byOwner.get(owners[i % owners.length]) ?? []);
    const created = Date.parse(customer.created_at) + Math.floor(rng.next() * (nowMs - Date.parse(customer.created_at)));
    const at = new Date(created);
    const lines = Array.from({ length: rng.int(1, 3) }, () => {
      const product = rng.pick(products);
      // Big-ticket items (servers, systems, projects) come in ones and twos, small goods by the dozen.
      return { product, quantity: rng.int(1, product.priceFen >= yuanToFen(10000) ? 2 : 20) };
    });
    const main = lines[0].product;
    const status = rng.pick([2, 2, 2, 2, 1, 0, 3]);
    const values: Insertable<ContractTable> = {
      // The contracts table is empty here, so the i-th insert gets id i + 1.
      order_sn: contractNumber(i + 1, at),
      title: `${main.name}${main.category === 'FW' ? '服务' : '采购'}合同`,
      customer_id: customer.id,
      money_cents: lines.reduce((sum, l) => sum + l.product.priceFen * l.quantity, 0),
      status,
      sign_date: isoDate(at),
      start_date: isoDate(at),
      end_date: isoDate(new Date(created + 365 * DAY)),
      is_invoiced: status === 2 && rng.chance(0.6) ? 1 : 0,
      beizhu: rng.pick(CONTRACT_NOTES),
      owner_id: customer.owner_id,
      branch_id: customer.branch_id,
      created_by: customer.owner_id,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    await db.insertInto('contracts').values(values).execute();
  }
}

export const DEMO_CONTRACTS = 60;

/** Demo products (with stock in three warehouses besides 默认仓库) and contracts for the seeded customers. */
export async function seedProductsAndContracts(db: DbOrTx, o: { now: Date; seed: number }): Promise<void> {
  const rng = createRng(o.seed);
  const nowMs = o.now.getTime();
  const products = await seedProducts(db, rng, nowMs);
  await seedStock(db, rng, products);
  await seedContracts(db, rng, products, nowMs, DEMO_CONTRACTS);
}
